import Glibc

/// A failed system call's `errno`, kept as the number until a person reads it: the one place an
/// `errno` becomes words (`strerror`), so the errors that carry one (`InputFileError`,
/// `SafeFileError`, a failed write to a stream) stay typed and compare by code (a closed pipe is
/// `EPIPE`, not a sentence).
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The `errno` value.
  public let code: Int32

  /// The error `code` names.
  public init(code: Int32) { self.code = code }

  /// The calling thread's `errno`, read now (before another call changes it).
  public static var current: SystemError { SystemError(code: errno) }

  /// Whether the reader of a pipe or socket has gone (`| head`): commands end quietly then.
  public var isBrokenPipe: Bool { code == EPIPE }

  /// The system's words for it (`No space left on device`).
  public var description: String { String(cString: strerror(code)) }
}
