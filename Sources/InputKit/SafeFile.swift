import Glibc

/// The one way stagemon writes a file. Screenshots, saved logs and scenarios, imports, event
/// streams, goldens and keys are written beside files an attacker may have planted (a symbolic
/// link named like the next screenshot) on disks that fill up, so every write goes to a new
/// temporary file in the destination's folder (`O_CREAT|O_EXCL|O_NOFOLLOW`, an unpredictable
/// name), is written whole, `fsync`ed and renamed into place. A symbolic link at the destination
/// is refused, an existing file is replaced only when the caller says the user asked, an input
/// of the same command never is, and on any failure the temporary file is removed and the old
/// destination is untouched (renameio's `PendingFile`, which also explains why the fsync stays).
public enum SafeFile {
  /// Mode of an ordinary output.
  public static let publicMode: mode_t = 0o644
  /// Mode of a file holding a token or a private key.
  public static let privateMode: mode_t = 0o600

  /// Writes `bytes` to `path` whole or not at all.
  public static func write(
    _ bytes: some Sequence<UInt8>, to path: String, replacing: Bool = false,
    mode: mode_t = publicMode, sparing inputs: [String] = []
  ) throws(SafeFileError) {
    let file = try PendingFile(path: path, replacing: replacing, mode: mode, sparing: inputs)
    try file.write(Array(bytes))
    try file.commit()
  }

  /// Writes `text` as UTF-8 to `path` whole or not at all.
  public static func write(
    _ text: String, to path: String, replacing: Bool = false, mode: mode_t = publicMode,
    sparing inputs: [String] = []
  ) throws(SafeFileError) {
    try write(text.utf8, to: path, replacing: replacing, mode: mode, sparing: inputs)
  }

  /// Refuses a destination that is a symbolic link, not a regular file, one of `inputs`, or an
  /// existing file when not `replacing`. Nothing there is fine. Writers check again when they
  /// commit; callers check first to ask before doing any work.
  public static func checkDestination(_ path: String, replacing: Bool, inputs: [String] = [])
    throws(SafeFileError)
  {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT { return }
      throw SafeFileError(path: path, problem: .system(.current))
    }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFLNK { throw SafeFileError(path: path, problem: .symbolicLink) }
    if kind == S_IFDIR { throw SafeFileError(path: path, problem: .directory) }
    guard kind == S_IFREG else { throw SafeFileError(path: path, problem: .notRegularFile) }
    for input in inputs {
      var other = stat()
      if stat(input, &other) == 0, other.st_dev == info.st_dev, other.st_ino == info.st_ino {
        throw SafeFileError(path: path, problem: .isInput)
      }
    }
    guard replacing else { throw SafeFileError(path: path, problem: .exists) }
  }

  /// `.NAME.` + 16 random hex digits + `.tmp`, in the destination's folder.
  static func temporaryPath(for path: String) -> String {
    let last = PathName.name(of: path)
    let name = last.isEmpty || last == "/" ? "file" : last
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let folder = PathName.folder(of: path)
    let dotSlash = path.unicodeScalars.starts(with: "./".unicodeScalars)
    let prefix = folder == "." && !dotSlash ? "" : PathName.join(folder, "")
    return prefix + ".\(name).\(random).tmp"
  }
}
