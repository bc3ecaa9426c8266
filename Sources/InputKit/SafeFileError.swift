import Glibc

/// Why a file could not be written, worded for the person who named it; the destination is
/// untouched whatever the problem.
public struct SafeFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What stopped the write.
  public enum Problem: Equatable, Sendable {
    /// The destination is a symbolic link, which is never followed.
    case symbolicLink
    /// The destination exists and replacing it was not asked for.
    case exists
    /// The destination is a directory.
    case directory
    /// The destination is a device, a FIFO or a socket.
    case notRegularFile
    /// The destination is one of this command's inputs.
    case isInput
    /// A system call failed (a full disk, a read-only folder…).
    case system(SystemError)
  }

  /// The destination as the user wrote it.
  public let path: String
  /// What went wrong.
  public let problem: Problem

  /// Creates an error about `path`.
  public init(path: String, problem: Problem) {
    self.path = path
    self.problem = problem
  }

  /// What went wrong, without the path.
  public var reason: String {
    switch problem {
    case .symbolicLink: return "it is a symbolic link; not following it"
    case .exists: return "it already exists"
    case .directory: return "it is a directory"
    case .notRegularFile: return "not a regular file"
    case .isInput: return "it is an input of this command; not overwriting it"
    case .system(let error): return error.description
    }
  }

  /// "cannot write PATH: REASON", the path shown safely.
  public var description: String { "cannot write \(TerminalText.safe(path)): \(reason)" }
}
