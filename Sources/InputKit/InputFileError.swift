import Glibc

/// Why a named file could not be used, worded for the person who named it.
public struct InputFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong with a file.
  public enum Problem: Equatable, Sendable {
    case noSuchFile
    case permissionDenied
    case directory
    case empty
    case tooLarge(limit: Int)
    case notUTF8(UTF8TextError)
    /// A NUL byte, which no text input holds (`/dev/zero`, a binary file).
    case notText(offset: Int)
    /// A compressed archive (`zip`, `gzip`), known by its first bytes: a folder or file sent
    /// packed.
    case archive(String)
    /// A FIFO that no program opened for writing within the wait.
    case noWriter(milliseconds: Int)
    /// Any other system error.
    case system(SystemError)

    /// The problem behind a failed `open` or `read`.
    init(_ error: SystemError) {
      switch error.code {
      case ENOENT, ENOTDIR: self = .noSuchFile
      case EACCES, EPERM: self = .permissionDenied
      case EISDIR: self = .directory
      default: self = .system(error)
      }
    }
  }

  /// The path as the user wrote it (`-` for standard input).
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
    case .noSuchFile: return "no such file"
    case .permissionDenied: return "permission denied"
    case .directory: return "is a directory, not a file"
    case .empty: return "the file is empty"
    case .tooLarge(let limit): return "larger than \(ByteCount.text(limit)), the most accepted here"
    case .notUTF8(let error): return error.description
    case .notText(let offset): return "not text: a NUL byte at offset \(offset)"
    case .archive(let kind):
      return "a \(kind) archive, not text: unpack it (\(kind == "zip" ? "unzip" : "gunzip")) and"
        + " name the files or the folder it holds"
    case .noWriter(let milliseconds):
      return "a FIFO that no program wrote to within \(Double(milliseconds) / 1000) s"
    case .system(let error): return error.description
    }
  }

  /// `PATH: REASON`, the path shown safely.
  public var description: String { "\(TerminalText.safe(path)): \(reason)" }
}

/// Byte counts as people read them: "64 KB", "1 MB", "512 bytes".
public enum ByteCount {
  /// `count` in the largest whole unit.
  public static func text(_ count: Int) -> String {
    if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MB" }
    if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KB" }
    return "\(count) bytes"
  }
}
