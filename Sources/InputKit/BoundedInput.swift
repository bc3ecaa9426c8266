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
    let chunks = try Chunks(atPath: path, limit: limit, writerWait: writerWait)
    return try chunks.readAll()
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

  /// What a child process prints on `fd` (a pipe it writes), at most `limit` bytes, read
  /// blocking until it closes the pipe: a `credential_process` that runs on is cut off at the cap
  /// instead of filling memory. `name` is what an error calls it.
  public static func bytes(fromPipe fd: Int32, named name: String, limit: Int)
    throws(InputFileError) -> [UInt8]
  {
    var reader = StreamReader(fd: fd, path: name, limit: limit, isFIFO: false, writerWait: 0)
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

}

/// Reads one descriptor to its end: polls when a non-blocking read has nothing yet, refuses more
/// than `limit` bytes, and gives a FIFO that has never had a writer `writerWait` milliseconds.
struct StreamReader {
  let fd: Int32
  let path: String
  let limit: Int
  let isFIFO: Bool
  let writerWait: Int32
  /// Whether an input that starts as UTF-16 does (a byte order mark, or one zero byte of
  /// the first two, as ASCII in UTF-16 is) may hold NUL bytes; `/dev/zero` still may not.
  var allowsUTF16 = false
  /// How many bytes were read so far.
  private(set) var total = 0
  private var sawWriter: Bool
  private var allowsNUL = false
  /// Where each read lands; only the bytes a read filled are ever looked at, so it is not
  /// cleared first (a folder of 100,000 small files would clear 6 GB).
  private var chunk = [UInt8](unsafeUninitializedCapacity: 65_536) { _, count in count = 65_536 }

  init(fd: Int32, path: String, limit: Int, isFIFO: Bool, writerWait: Int32) {
    self.fd = fd
    self.path = path
    self.limit = limit
    self.isFIFO = isFIFO
    self.writerWait = writerWait
    sawWriter = !isFIFO
  }

  /// Every byte to the end.
  mutating func readAll() throws(InputFileError) -> [UInt8] {
    var bytes: [UInt8] = []
    while let next = try nextChunk() { bytes.append(contentsOf: next) }
    return bytes
  }

  /// The next bytes read (at most 64 KiB), nil at the end.
  mutating func nextChunk() throws(InputFileError) -> ArraySlice<UInt8>? {
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        sawWriter = true
        if total == 0, allowsUTF16 { allowsNUL = Self.startsAsUTF16(chunk[0..<count]) }
        if !allowsNUL, let zero = chunk[0..<min(count, limit - total + 1)].firstIndex(of: 0) {
          if total == 0, let kind = Self.archive(chunk[0..<count]) {
            throw InputFileError(path: path, problem: .archive(kind))
          }
          throw InputFileError(path: path, problem: .notText(offset: total + zero))
        }
        guard count <= limit - total else {
          throw InputFileError(path: path, problem: .tooLarge(limit: limit))
        }
        total += count
        return chunk[0..<count]
      } else if count == 0 {
        // A FIFO nobody has opened for writing reads as end of file; wait for a writer once.
        if sawWriter { return nil }
        guard wait(milliseconds: writerWait) else {
          throw InputFileError(path: path, problem: .noWriter(milliseconds: Int(writerWait)))
        }
        sawWriter = true
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        sawWriter = true
        _ = wait(milliseconds: -1)
      } else if errno != EINTR {
        throw InputFileError(path: path, problem: .init(.current))
      }
    }
  }

  /// The kind of archive whose first bytes are `bytes` (zip's local header, gzip's magic), or
  /// nil.
  private static func archive(_ bytes: ArraySlice<UInt8>) -> String? {
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "zip" }
    if bytes.starts(with: [0x1F, 0x8B]) { return "gzip" }
    return nil
  }

  private static func startsAsUTF16(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.count >= 2 else { return false }
    let (a, b) = (bytes[bytes.startIndex], bytes[bytes.startIndex + 1])
    return (a, b) == (0xFF, 0xFE) || (a, b) == (0xFE, 0xFF) || (a == 0) != (b == 0)
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
