import CNcursesw
import Foundation
import InputKit
import Synchronization

/// Process-wide last-resort paths that give the terminal back when the program ends without
/// `TerminalSession.end`: `exit()` from anywhere (atexit) and crashes (SIGSEGV, SIGBUS, SIGILL
/// from a Swift trap, SIGFPE, SIGABRT, SIGTRAP).
///
/// A crash handler may only call async-signal-safe functions, so everything it needs is prepared
/// while curses starts: the terminal's own "leave full-screen" sequences (from terminfo) and the
/// shell's tty modes. The handler writes those bytes with `write(2)`, puts the modes back with
/// `tcsetattr`, points stdin at /dev/null so the Swift backtracer reports without waiting for a
/// key (it would hold the terminal ~30 s), then lets the previous handler or the default action
/// take the signal, so the exit status still names it.
enum TerminalRestoreHooks {
  /// Whether curses currently owns the terminal. C callbacks cannot capture context, hence global.
  static let cursesIsActive = Atomic<Bool>(false)
  private static let installed = Atomic<Bool>(false)
  private static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE]

  /// Installs the atexit and crash hooks once per process and records the shell's tty modes;
  /// call before curses changes the terminal.
  static func install() {
    guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    hasShellModes = tcgetattr(STDIN_FILENO, &shellModes) == 0
    devNull = open("/dev/null", O_RDONLY | O_CLOEXEC)
    atexit {
      if TerminalRestoreHooks.cursesIsActive.exchange(false, ordering: .acquiringAndReleasing) {
        TerminalModes.write(TerminalModes.allOff)
        endwin()
      }
    }
    for signal in crashSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { signal, info, _ in
        TerminalRestoreHooks.restoreAfterCrash(
          signal, sentByProcess: (info?.pointee.si_code ?? 0) <= 0)
      }
      action.sa_flags = SA_SIGINFO
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, &previousActions[Int(signal)])
    }
  }

  /// Prepares the bytes that leave full-screen mode on this terminal: mouse and paste modes off,
  /// then terminfo's keypad-off, attributes-off, cursor-visible and leave-alternate-screen.
  /// Call once curses has loaded the terminal's description.
  static func prepareRestoreSequence() {
    guard restoreSequence == nil else { return }
    let modesOff = TerminalModes.allOff
    var bytes = Array(
      UnsafeBufferPointer(start: modesOff.utf8Start, count: modesOff.utf8CodeUnitCount))
    for capability in ["rmkx", "sgr0", "cnorm", "rmcup"] {
      guard let value = tigetstr(capability), Int(bitPattern: value) != -1 else { continue }
      bytes += Array(String(cString: value).utf8)
    }
    bytes += Array("\r\n".utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    restoreSequence = UnsafeBufferPointer(buffer)
  }

  /// Writes the prepared sequence and puts the shell's tty modes back; async-signal-safe.
  private static func writeRestoreSequence() {
    if let restoreSequence {
      try? WriteLoop.write(UnsafeRawBufferPointer(restoreSequence), to: STDOUT_FILENO)
    }
    if hasShellModes { tcsetattr(STDIN_FILENO, TCSANOW, &shellModes) }
  }

  /// Runs inside a crash signal handler (async-signal-safe calls only): restore the terminal,
  /// make stdin non-interactive, put the previous handler back and let it see the signal — a
  /// faulting instruction faults again on return; a signal sent by `abort`/`kill` is re-raised.
  private static func restoreAfterCrash(_ signal: Int32, sentByProcess: Bool) {
    if cursesIsActive.exchange(false, ordering: .acquiringAndReleasing) {
      writeRestoreSequence()
      if devNull >= 0 { dup2(devNull, STDIN_FILENO) }
    }
    sigaction(signal, &previousActions[Int(signal)], nil)
    if sentByProcess { raise(signal) }
  }

  /// Handlers that were installed before ours, indexed by signal number. Written once in
  /// `install` before our handlers exist, afterwards only read by them.
  nonisolated(unsafe) private static var previousActions: [sigaction] = Array(
    repeating: sigaction(), count: 65)
  /// The tty modes before curses started; written once in `install`.
  nonisolated(unsafe) private static var shellModes = termios()
  nonisolated(unsafe) private static var hasShellModes = false
  /// /dev/null, opened in `install` so the handler need not call `open`.
  nonisolated(unsafe) private static var devNull: Int32 = -1
  /// The bytes that leave full-screen mode; written once before curses is marked active.
  nonisolated(unsafe) private static var restoreSequence: UnsafeBufferPointer<UInt8>?
}
