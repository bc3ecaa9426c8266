import CNcursesw
import Foundation
import Synchronization

/// Process-wide last-resort paths that give the terminal back when the program ends without
/// `TerminalSession.end`: `exit()` from anywhere (atexit) and crashes (SIGSEGV, SIGILL from a
/// Swift trap, SIGABRT, ...). They only run `endwin`, then let the previous handler (e.g. the
/// Swift backtracer) report the crash on a usable terminal.
enum TerminalRestoreHooks {
  /// Whether curses currently owns the terminal. C callbacks cannot capture context, hence global.
  static let cursesIsActive = Atomic<Bool>(false)
  private static let installed = Atomic<Bool>(false)
  private static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE]

  /// Installs the atexit and crash hooks once per process.
  static func install() {
    guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    atexit {
      if TerminalRestoreHooks.cursesIsActive.exchange(false, ordering: .acquiringAndReleasing) {
        TerminalModes.write(TerminalModes.allOff)
        endwin()
      }
    }
    for signal in crashSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        TerminalRestoreHooks.restoreAfterCrash(signal)
      }
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, &previousActions[Int(signal)])
    }
  }

  /// Runs inside a crash signal handler: restore the terminal, put the previous handler back and
  /// let it see the signal (a faulting instruction re-faults on return; abort is re-raised).
  private static func restoreAfterCrash(_ signal: Int32) {
    if cursesIsActive.exchange(false, ordering: .acquiringAndReleasing) {
      TerminalModes.write(TerminalModes.allOff)
      endwin()
    }
    sigaction(signal, &previousActions[Int(signal)], nil)
    if signal == SIGABRT { raise(signal) }
  }

  /// Handlers that were installed before ours, indexed by signal number. Written once in
  /// `install` before our handlers exist, afterwards only read by them.
  nonisolated(unsafe) private static var previousActions: [sigaction] = Array(
    repeating: sigaction(), count: 65)
}
