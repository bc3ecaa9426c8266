import Glibc

/// Reads a file a person named (a scenario, a theme, a key, a token) with a size cap and an
/// error that says what actually happened — no such file, permission denied, a directory, empty,
/// too large — so a mistyped path never reads as bad content and `/dev/zero` never hangs.
public enum InputFile {
  /// The bytes of the file at `path`, at most `limit` of them.
  public static func bytes(atPath path: String, limit: Int) throws(InputFileError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw InputFileError(path: path, problem: .init(errno: errno)) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      throw InputFileError(path: path, problem: .init(errno: errno))
    }
    if status.st_mode & S_IFMT == S_IFDIR { throw InputFileError(path: path, problem: .directory) }
    let bytes = try readAll(fd, path: path, limit: limit)
    guard !bytes.isEmpty else { throw InputFileError(path: path, problem: .empty) }
    return bytes
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

  /// Standard input as bytes, at most `limit` of them (`-` on a command line).
  public static func standardInput(limit: Int) throws(InputFileError) -> [UInt8] {
    try readAll(STDIN_FILENO, path: "-", limit: limit)
  }

  /// Reads to end of file, refusing more than `limit` bytes (so a device or pipe cannot run on).
  private static func readAll(_ fd: Int32, path: String, limit: Int) throws(InputFileError)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw InputFileError(path: path, problem: .init(errno: errno))
      }
      if count == 0 { return bytes }
      guard bytes.count + count <= limit else {
        throw InputFileError(path: path, problem: .tooLarge(limit: limit))
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
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
