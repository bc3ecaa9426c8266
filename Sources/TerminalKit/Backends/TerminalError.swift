/// Why the real terminal could not be taken over; the program prints it and exits instead of
/// leaving a half-initialised screen.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// stdin or stdout is not a terminal (piped or redirected).
  case notATerminal
  /// curses could not set up the terminal named by TERM.
  case cannotInitialize(term: String)

  /// A one-line explanation for the user.
  public var description: String {
    switch self {
    case .notATerminal:
      return "stdin and stdout must be a terminal (is output piped or redirected?)"
    case .cannotInitialize(let term):
      return "cannot initialise the terminal (TERM=\(term.isEmpty ? "unset" : term))"
    }
  }
}
