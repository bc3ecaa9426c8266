import Foundation
import InputKit

/// The input modes stagemon asks of the terminal while it runs — bracketed paste (2004), so a
/// paste arrives as one event, and SGR mouse reporting (1000 clicks, 1002 drags, 1006 SGR
/// coordinates) — as static byte strings, so every way out (normal exit, signals, crash hooks)
/// can switch them off with one async-signal-safe `write(2)`.
enum TerminalModes {
  /// Bracketed paste on.
  static let pasteOn: StaticString = "\u{1B}[?2004h"
  /// Mouse click, drag and SGR reporting on.
  static let mouseOn: StaticString = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
  /// Everything above off (harmless for modes that were never on).
  static let allOff: StaticString = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l"

  /// Turns the modes on (`mouse` false leaves mouse reporting to the terminal).
  static func enable(mouse: Bool) {
    write(pasteOn)
    if mouse { write(mouseOn) }
  }

  /// Writes `sequence` to stdout directly (`WriteLoop`); async-signal-safe (no allocation, no
  /// locks). A terminal that cannot be written to has nothing to restore.
  static func write(_ sequence: StaticString) {
    let bytes = UnsafeRawBufferPointer(
      start: sequence.utf8Start, count: sequence.utf8CodeUnitCount)
    try? WriteLoop.write(bytes, to: STDOUT_FILENO)
  }
}
