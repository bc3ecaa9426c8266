import CNcursesw
import Dispatch
import Foundation
import InputKit
import Synchronization

/// Owns the real terminal for the life of the UI and guarantees it is given back: `end()` on
/// normal exit; SIGINT/SIGTERM/SIGHUP restore the terminal and exit with 130/143/129 (Ctrl-C in
/// cbreak mode is SIGINT); `exit(status:message:)` for fatal errors; atexit and crash hooks as a
/// last resort.
public final class TerminalSession: Sendable {
  /// The curses backend to render into and read keys from.
  public let backend: CursesBackend
  /// The exit signals' handlers, cancelled when the session ends.
  private let signalSources = Mutex<[DispatchSourceSignal]>([])
  private static let exitSignals: [(signal: Int32, status: Int32)] = [
    (SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129),
  ]

  private init(backend: CursesBackend) {
    self.backend = backend
  }

  /// Takes over the terminal. `noColorFlag` is the `--no-color` option (NO_COLOR is read from
  /// `environment`); `mouse` false (`--no-mouse`) leaves the mouse to the terminal. Throws when stdin/stdout is not a terminal or curses cannot start; nothing
  /// has been changed on the terminal then.
  public static func start(
    environment: [String: String] = ProcessInfo.processInfo.environment, noColorFlag: Bool = false,
    mouse: Bool = true
  ) throws(TerminalError) -> TerminalSession {
    TerminalRestoreHooks.install()
    // Ignored signals are not caught by ncurses, and dispatch sources still see them.
    for entry in exitSignals { signal(entry.signal, SIG_IGN) }
    let backend: CursesBackend
    do {
      backend = try CursesBackend(
        environment: environment, noColorFlag: noColorFlag, mouse: mouse)
    } catch {
      for entry in exitSignals { signal(entry.signal, SIG_DFL) }
      throw error
    }
    TerminalRestoreHooks.prepareRestoreSequence()
    TerminalRestoreHooks.cursesIsActive.store(true, ordering: .releasing)
    let session = TerminalSession(backend: backend)
    session.watchSignals()
    return session
  }

  /// Gives the terminal back (endwin) and restores default signal handling. Idempotent.
  public func end() {
    backend.shutDown()
    TerminalRestoreHooks.cursesIsActive.store(false, ordering: .releasing)
    signalSources.withLock { sources in
      for source in sources { source.cancel() }
      sources = []
    }
    for entry in TerminalSession.exitSignals { signal(entry.signal, SIG_DFL) }
  }

  /// Fatal-error path: restores the terminal, prints `message` to stderr (after the screen is
  /// back, so it is readable) and exits with `status`.
  public func exit(status: Int32, message: String? = nil) -> Never {
    end()
    if let message {
      Console.error(message)
    }
    Foundation.exit(status)
  }

  private func watchSignals() {
    signalSources.withLock { sources in
      for entry in TerminalSession.exitSignals {
        let source = DispatchSource.makeSignalSource(signal: entry.signal, queue: .global())
        source.setEventHandler { [backend] in
          backend.shutDown {
            TerminalRestoreHooks.cursesIsActive.store(false, ordering: .releasing)
            Foundation.exit(entry.status)
          }
        }
        source.resume()
        sources.append(source)
      }
    }
  }
}
