import Glibc
import InputKit

/// "step 1,234 of 20,000 (6 %)" on standard error while a run lasts longer than a second, so a
/// big scenario says what it is doing instead of looking hung. Only on a terminal (a log or a
/// pipe gets nothing), redrawn at most ten times a second, and erased when the run ends.
final class ProgressLine {
  /// How long work runs before the line appears.
  static let delay: Duration = .seconds(1)
  /// The shortest time between two redraws.
  static let interval: Duration = .milliseconds(100)

  private let label: String
  private let isTerminal: Bool
  private let now: () -> Duration
  private let write: (String) -> Void
  private let start: Duration
  private var lastDrawn: Duration?

  /// A line for `label`; `isTerminal`, `now` and `write` are standard error's by default.
  init(
    label: String, isTerminal: Bool = isatty(STDERR_FILENO) != 0,
    now: @escaping () -> Duration = { ContinuousClock.now - ProgressLine.epoch },
    write: @escaping (String) -> Void = { Console.writeRawError($0) }
  ) {
    self.label = label
    self.isTerminal = isTerminal
    self.now = now
    self.write = write
    start = now()
  }

  private static let epoch = ContinuousClock.now

  /// Shows `done` of `total` when the run has lasted a second and the last redraw is old enough.
  func update(done: Int, of total: Int) {
    guard isTerminal else { return }
    let time = now()
    guard time - start >= Self.delay else { return }
    if let lastDrawn, time - lastDrawn < Self.interval { return }
    lastDrawn = time
    write("\r\u{1B}[K" + Self.text(label: label, done: done, total: total))
  }

  /// Shows `what` at once (work known to be long before it starts, such as signing thousands of
  /// first tokens), until the next update or `finish`.
  func announce(_ what: String) {
    guard isTerminal else { return }
    lastDrawn = now()
    write("\r\u{1B}[K\(TerminalText.safe(label, limit: 40)): \(what)")
  }

  /// Erases the line, if it was drawn.
  func finish() {
    guard lastDrawn != nil else { return }
    write("\r\u{1B}[K")
    lastDrawn = nil
  }

  /// "LABEL: step DONE of TOTAL (P %)", the label shown safely.
  static func text(label: String, done: Int, total: Int) -> String {
    let percent = total > 0 ? min(100, done * 100 / total) : 100
    return "\(TerminalText.safe(label, limit: 40)): step \(done) of \(total) (\(percent) %)"
  }
}
