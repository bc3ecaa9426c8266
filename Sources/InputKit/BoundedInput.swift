import Glibc

/// Reads every input a person names — a scenario, records, a token, a theme, a key file, `-` for
/// standard input, `/dev/stdin`, `<(aws …)`, a FIFO — with a size cap per kind and an error that
/// says what actually happened (no such file, permission denied, a directory, empty, too large),
/// so a mistyped path never reads as bad content, `/dev/zero` stops at the cap instead of filling
/// memory, and a FIFO nobody writes to ends with a message instead of hanging. Every input is
/// text (JSON, PEM, a token, a theme), so a NUL byte ends the read at once: `/dev/zero` is
/// refused at its first byte, not after filling a 2 GB cap. Files are opened
/// non-blocking and then read as a stream, which also works for pipes and process substitution.
public enum BoundedInput {
  /// Size caps per kind of input, in bytes.
  public enum Limit {
    /// IVS records (`import`, `explain`): generous, as real sessions can be long.
    public static let records = 2 << 30
    /// A token argument or token file.
    public static let token = 1 << 20
    /// A keys.conf file.
    public static let keyBindings = 64 << 10
    /// A theme file.
    public static let theme = 64 << 10
  }

  /// How long a FIFO may have no writer before reading it fails, in milliseconds.
  public static let writerWaitMilliseconds: Int32 = 2_000

  /// The bytes of the file at `path` (`-`: standard input), at most `limit` of them.
  public static func bytes(
    atPath path: String, limit: Int, writerWait: Int32 = writerWaitMilliseconds
  ) throws(InputFileError) -> [UInt8] {
    if path == "-" { return try nonEmpty(standardInput(limit: limit), path: path) }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw InputFileError(path: path, problem: .init(errno: errno)) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      throw InputFileError(path: path, problem: .init(errno: errno))
    }
    let kind = status.st_mode & S_IFMT
    if kind == S_IFDIR { throw InputFileError(path: path, problem: .directory) }
    if kind == S_IFREG, status.st_size > limit {
      throw InputFileError(path: path, problem: .tooLarge(limit: limit))
    }
    var reader = StreamReader(
      fd: fd, path: path, limit: limit, isFIFO: kind == S_IFIFO, writerWait: writerWait)
    if kind == S_IFREG { reader.bytes.reserveCapacity(Int(status.st_size)) }
    return try nonEmpty(reader.readAll(), path: path)
  }

  /// The file at `path` as UTF-8 text, at most `limit` bytes; invalid UTF-8 is reported with the
  /// first bad byte and its place, never silently replaced.
  public static func text(atPath path: String, limit: Int) throws(InputFileError) -> String {
    let bytes = try bytes(atPath: path, limit: limit)
    do {
      return try UTF8Text.decode(bytes)
    } catch {
      throw InputFileError(path: path, problem: .notUTF8(error))
    }
  }

  /// Standard input as bytes, at most `limit` of them (`-` on a command line). Read blocking, as
  /// standard input may be the terminal the shell shares.
  public static func standardInput(limit: Int) throws(InputFileError) -> [UInt8] {
    var reader = StreamReader(
      fd: STDIN_FILENO, path: "-", limit: limit, isFIFO: false, writerWait: 0)
    return try reader.readAll()
  }

  /// Whether something (a file, a directory, even a dangling symbolic link) exists at `path`.
  public static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// Whether a command-line word names a file rather than being the content itself: it contains
  /// `/` or ends in `.jwt` or `.txt`. Such a word that does not exist is a missing file.
  public static func looksLikePath(_ word: String) -> Bool {
    word.contains("/") || word.hasSuffix(".jwt") || word.hasSuffix(".txt")
  }

  private static func nonEmpty(_ bytes: [UInt8], path: String) throws(InputFileError) -> [UInt8] {
    guard !bytes.isEmpty else { throw InputFileError(path: path, problem: .empty) }
    return bytes
  }
}

/// The earlier name of `BoundedInput`, kept for callers written before it grew.
public typealias InputFile = BoundedInput

/// Reads one descriptor to its end: polls when a non-blocking read has nothing yet, refuses more
/// than `limit` bytes, and gives a FIFO that has never had a writer `writerWait` milliseconds.
struct StreamReader {
  let fd: Int32
  let path: String
  let limit: Int
  let isFIFO: Bool
  let writerWait: Int32
  var bytes: [UInt8] = []

  init(fd: Int32, path: String, limit: Int, isFIFO: Bool, writerWait: Int32) {
    self.fd = fd
    self.path = path
    self.limit = limit
    self.isFIFO = isFIFO
    self.writerWait = writerWait
  }

  mutating func readAll() throws(InputFileError) -> [UInt8] {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var sawWriter = !isFIFO
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        sawWriter = true
        if let zero = chunk[0..<min(count, limit - bytes.count + 1)].firstIndex(of: 0) {
          throw InputFileError(path: path, problem: .notText(offset: bytes.count + zero))
        }
        guard count <= limit - bytes.count else {
          throw InputFileError(path: path, problem: .tooLarge(limit: limit))
        }
        bytes.append(contentsOf: chunk[0..<count])
      } else if count == 0 {
        // A FIFO nobody has opened for writing reads as end of file; wait for a writer once.
        if sawWriter { return bytes }
        guard wait(milliseconds: writerWait) else {
          throw InputFileError(path: path, problem: .noWriter(milliseconds: Int(writerWait)))
        }
        sawWriter = true
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        sawWriter = true
        _ = wait(milliseconds: -1)
      } else if errno != EINTR {
        throw InputFileError(path: path, problem: .init(errno: errno))
      }
    }
  }

  /// Waits until the descriptor is readable or hung up; false when `milliseconds` passed first.
  private func wait(milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&entry, 1, milliseconds)
      if ready >= 0 || errno != EINTR { return ready != 0 }
    }
  }
}
