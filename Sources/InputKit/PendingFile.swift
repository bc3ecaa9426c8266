import Glibc

/// A file being written through `SafeFile`: the temporary file is open for writing (streams such
/// as `run --out` write straight into `fileDescriptor`), and nothing appears at the destination
/// until `commit()`. Dropped without a commit, it removes its temporary file.
public final class PendingFile {
  /// The destination.
  public let path: String
  /// The open temporary file, for writers that take a descriptor.
  public let fileDescriptor: Int32
  private let temporaryPath: String
  private let replacing: Bool
  private let inputs: [String]
  private let system: SystemCalls
  private var finished = false
  /// Bytes written so far, and how many of them the kernel was asked to start writing out.
  private var written = 0
  private var handedOff = 0

  /// How much is written before the kernel is asked to start writing it to disk, so the final
  /// `fsync` waits for the last few megabytes only, not the whole file.
  static let writeBehind = 8 << 20

  /// Checks the destination and creates the temporary file beside it.
  public convenience init(
    path: String, replacing: Bool = false, mode: mode_t = SafeFile.publicMode,
    sparing inputs: [String] = []
  ) throws(SafeFileError) {
    try self.init(
      path: path, replacing: replacing, mode: mode, sparing: inputs, system: .live)
  }

  init(
    path: String, replacing: Bool, mode: mode_t, sparing inputs: [String], system: SystemCalls
  ) throws(SafeFileError) {
    try SafeFile.checkDestination(path, replacing: replacing, inputs: inputs)
    var temporary = ""
    var descriptor: Int32 = -1
    for _ in 0..<8 {
      temporary = SafeFile.temporaryPath(for: path)
      descriptor = system.open(
        temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { throw SafeFileError(path: path, problem: .system(.current)) }
    self.path = path
    self.fileDescriptor = descriptor
    self.temporaryPath = temporary
    self.replacing = replacing
    self.inputs = inputs
    self.system = system
  }

  deinit { discard() }

  /// Appends `bytes` (`WriteLoop`); on failure the temporary file is removed.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(SafeFileError) {
    do {
      try WriteLoop.write(bytes, to: fileDescriptor, calling: system.write)
    } catch {
      throw fail(error)
    }
    written += bytes.count
    if written - handedOff >= Self.writeBehind {
      // POSIX_FADV_DONTNEED starts writeback of the range at once (and then drops it from the
      // cache, which an output does not need); advice only, so its result does not matter.
      _ = posix_fadvise(fileDescriptor, handedOff, written - handedOff, POSIX_FADV_DONTNEED)
      handedOff = written
    }
  }

  /// Appends `bytes`.
  public func write(_ bytes: [UInt8]) throws(SafeFileError) {
    let failure = bytes.withUnsafeBytes { buffer -> SafeFileError? in
      do throws(SafeFileError) {
        try write(buffer)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Appends the UTF-8 of `text`.
  public func write(_ text: String) throws(SafeFileError) {
    try write(Array(text.utf8))
  }

  /// Flushes the file to disk and puts it at the destination: renamed over an existing file when
  /// replacing, else linked so that a file created meanwhile is never replaced.
  public func commit() throws(SafeFileError) {
    guard !finished else { return }
    if system.fsync(fileDescriptor) != 0 { throw fail(.current) }
    let code = close(fileDescriptor)
    finished = true
    guard code == 0 else { throw remove(.current) }
    do {
      try SafeFile.checkDestination(path, replacing: replacing, inputs: inputs)
    } catch {
      unlink(temporaryPath)
      throw error
    }
    if replacing {
      guard rename(temporaryPath, path) == 0 else { throw remove(.current) }
    } else {
      guard link(temporaryPath, path) == 0 else {
        let error = SystemError.current
        throw remove(error, problem: error.code == EEXIST ? .exists : nil)
      }
      unlink(temporaryPath)
    }
    syncFolder()
  }

  /// Abandons the write: closes and removes the temporary file (the destination is untouched).
  public func discard() {
    guard !finished else { return }
    finished = true
    close(fileDescriptor)
    unlink(temporaryPath)
  }

  private func fail(_ error: SystemError) -> SafeFileError {
    discard()
    return SafeFileError(path: path, problem: .system(error))
  }

  private func remove(_ error: SystemError, problem: SafeFileError.Problem? = nil)
    -> SafeFileError
  {
    unlink(temporaryPath)
    return SafeFileError(path: path, problem: problem ?? .system(error))
  }

  /// Makes the rename itself durable; a folder that cannot be opened only loses that.
  private func syncFolder() {
    let folder = open(PathName.folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return }
    _ = fsync(folder)
    close(folder)
  }
}

/// The system calls a pending file makes, so tests can simulate a full disk or a read-only folder
/// (which the root user of a CI container cannot make with permissions).
struct SystemCalls: Sendable {
  var open: @Sendable (String, Int32, mode_t) -> Int32
  var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
  var fsync: @Sendable (Int32) -> Int32

  static let live = SystemCalls(
    open: { Glibc.open($0, $1, $2) }, write: { Glibc.write($0, $1, $2) },
    fsync: { Glibc.fsync($0) })
}
