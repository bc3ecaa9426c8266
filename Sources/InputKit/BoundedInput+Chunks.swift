import Glibc

extension BoundedInput {
  /// One input read a piece at a time through the same checks as `bytes(atPath:limit:)` (the
  /// cap, the NUL byte, a FIFO without a writer, an empty input), so a 1 GB record is parsed
  /// as it arrives instead of sitting in memory whole beside what is made of it.
  public final class Chunks {
    private var reader: StreamReader
    private let ownsDescriptor: Bool
    private var sawBytes = false
    /// The size of a regular file when opened (nil for a pipe, FIFO or standard input).
    public let regularFileSize: Int?

    /// Opens the file at `path` (`-`: standard input, read blocking as it may be the terminal)
    /// to read at most `limit` bytes. `allowingUTF16`: an input that starts as UTF-16 (records
    /// PowerShell wrote) may hold the NUL bytes every other input is refused at.
    public init(
      atPath path: String, limit: Int, writerWait: Int32 = writerWaitMilliseconds,
      allowingUTF16: Bool = false
    ) throws(InputFileError) {
      guard path != "-" else {
        reader = StreamReader(
          fd: STDIN_FILENO, path: path, limit: limit, isFIFO: false, writerWait: 0)
        reader.allowsUTF16 = allowingUTF16
        ownsDescriptor = false
        regularFileSize = nil
        return
      }
      let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      guard fd >= 0 else { throw InputFileError(path: path, problem: .init(.current)) }
      var status = stat()
      guard fstat(fd, &status) == 0 else {
        let problem = InputFileError.Problem(.current)
        close(fd)
        throw InputFileError(path: path, problem: problem)
      }
      let kind = status.st_mode & S_IFMT
      if kind == S_IFDIR || (kind == S_IFREG && status.st_size > limit) {
        close(fd)
        throw InputFileError(
          path: path, problem: kind == S_IFDIR ? .directory : .tooLarge(limit: limit))
      }
      reader = StreamReader(
        fd: fd, path: path, limit: limit, isFIFO: kind == S_IFIFO, writerWait: writerWait)
      reader.allowsUTF16 = allowingUTF16
      ownsDescriptor = true
      regularFileSize = kind == S_IFREG ? Int(status.st_size) : nil
    }

    deinit { if ownsDescriptor { close(reader.fd) } }

    /// The next bytes (at most 64 KiB), nil at the end; an input that ends before its first
    /// byte is `.empty`.
    public func next() throws(InputFileError) -> ArraySlice<UInt8>? {
      guard let chunk = try reader.nextChunk() else {
        guard sawBytes else { throw InputFileError(path: reader.path, problem: .empty) }
        return nil
      }
      sawBytes = true
      return chunk
    }

    /// What ended `nextOrEnd()` early, if anything did.
    public private(set) var failure: InputFileError?

    /// `next()` for a reader that cannot throw (a parser pulling chunks): nil at the end or on
    /// a failure, which `failure` then holds.
    public func nextOrEnd() -> ArraySlice<UInt8>? {
      guard failure == nil else { return nil }
      do {
        return try next()
      } catch {
        failure = error
        return nil
      }
    }

    /// The rest of the input.
    public func readAll() throws(InputFileError) -> [UInt8] {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(regularFileSize ?? 0)
      while let chunk = try next() { bytes.append(contentsOf: chunk) }
      return bytes
    }
  }
}
