import Glibc

/// The one loop that hands bytes to `write(2)`, for every writer — the standard streams
/// (`Console`), files (`PendingFile`), the event stream, the terminal: a short write goes on
/// from where it stopped, an interrupted one (`EINTR`) is retried, and a write that takes no
/// byte is an `EIO` error rather than a loop that never ends. It allocates nothing and takes no
/// lock, so a signal handler restoring the terminal may call it.
public enum WriteLoop {
  /// Writes every byte of `bytes` to `fd`, or throws the first error.
  public static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws(SystemError) {
    try write(bytes, to: fd, calling: { Glibc.write($0, $1, $2) })
  }

  /// Writes every byte of `bytes` to `fd`, or throws the first error.
  public static func write(_ bytes: [UInt8], to fd: Int32) throws(SystemError) {
    let failure = bytes.withUnsafeBytes { buffer -> SystemError? in
      do throws(SystemError) {
        try write(buffer, to: fd)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// As `write(_:to:)` through `system` (a test's full disk, `SystemCalls`).
  static func write(
    _ bytes: UnsafeRawBufferPointer, to fd: Int32,
    calling system: (Int32, UnsafeRawPointer, Int) -> Int
  ) throws(SystemError) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let count = system(fd, base + offset, bytes.count - offset)
      if count > 0 {
        offset += count
      } else if count < 0, errno == EINTR {
        continue
      } else {
        throw SystemError(code: count < 0 ? errno : EIO)
      }
    }
  }
}
