import Glibc

/// The one way stagemon makes a folder, beside `SafeFile`: folders for keys, fetched records
/// and saved sessions hold what another local user must not swap (a `public.pem` before
/// `key register`) or read (tokens), so each folder stagemon creates is mode 0700 whatever the
/// umask (set after `mkdir`, which a umask of 000 would leave 0777 and one of 700 would leave
/// unusable). Folders that already exist are left as they are: they are the user's.
public enum SafeFolder {
  /// The mode of every folder stagemon creates.
  public static let mode: mode_t = 0o700

  /// Makes `path` a folder, creating it and every missing folder above it (each 0700). A
  /// symbolic link on the way is followed only if it already exists (it is the user's); an
  /// existing file in the way is refused.
  public static func create(_ path: String) throws(SafeFileError) {
    var missing: [String] = []
    var current = path
    while !isFolder(current) {
      missing.append(current)
      let parent = PathName.folder(of: current)
      if parent == current { break }
      current = parent
    }
    for folder in missing.reversed() { try make(folder) }
  }

  /// A new folder at `path` (0700), refused when anything is there already.
  public static func make(_ path: String) throws(SafeFileError) {
    guard mkdir(path, mode) == 0 else {
      let error = SystemError.current
      throw SafeFileError(path: path, problem: error.code == EEXIST ? .exists : .system(error))
    }
    guard chmod(path, mode) == 0 else {
      throw SafeFileError(path: path, problem: .system(.current))
    }
  }

  /// Whether `path` is a folder (following a link the user made).
  public static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }
}

/// A folder being filled through `SafeFile` out of sight: a new 0700 folder beside the
/// destination (`.NAME.RANDOM.tmp`), renamed into place by `commit()` once every file is in, so
/// a failure half-way leaves nothing at the destination and nothing to refuse a rerun.
/// Dropped without a commit, it removes itself and what was written into it.
public final class PendingFolder {
  /// The destination.
  public let path: String
  /// The folder files go into until the commit.
  public let temporaryPath: String
  private var names: [String] = []
  private var finished = false

  /// Creates the temporary folder beside `path` (creating the folders above it, 0700).
  public init(path: String) throws(SafeFileError) {
    let parent = PathName.folder(of: path)
    if !SafeFolder.isFolder(parent) { try SafeFolder.create(parent) }
    var temporary = ""
    var made = false
    for _ in 0..<8 where !made {
      temporary = SafeFile.temporaryPath(for: path)
      do {
        try SafeFolder.make(temporary)
        made = true
      } catch {
        guard error.problem == .exists else {
          throw SafeFileError(path: path, problem: error.problem)
        }
      }
    }
    guard made else { throw SafeFileError(path: path, problem: .exists) }
    self.path = path
    self.temporaryPath = temporary
  }

  deinit { discard() }

  /// Writes the file `name` (no slash) into the folder as UTF-8, whole or not at all.
  public func write(_ text: String, named name: String, mode: mode_t = SafeFile.publicMode)
    throws(SafeFileError)
  {
    try write(text.utf8, named: name, mode: mode)
  }

  /// Writes `bytes` as the file `name` (no slash) into the folder, whole or not at all.
  public func write(
    _ bytes: some Sequence<UInt8>, named name: String, mode: mode_t = SafeFile.publicMode
  ) throws(SafeFileError) {
    do {
      try SafeFile.write(bytes, to: PathName.join(temporaryPath, name), mode: mode)
    } catch {
      throw SafeFileError(path: PathName.join(path, name), problem: error.problem)
    }
    names.append(name)
  }

  /// Puts the folder at the destination: renamed over nothing or an empty folder; over a
  /// folder holding files only when `replacing` (a fetch of the same session), whose own files
  /// are then removed.
  public func commit(replacing: Bool = false) throws(SafeFileError) {
    guard !finished else { return }
    if rename(temporaryPath, path) == 0 {
      finished = true
      return
    }
    let error = SystemError.current
    guard replacing, error.code == ENOTEMPTY || error.code == EEXIST else {
      throw SafeFileError(path: path, problem: .system(error))
    }
    let aside = SafeFile.temporaryPath(for: path)
    guard rename(path, aside) == 0 else {
      throw SafeFileError(path: path, problem: .system(.current))
    }
    guard rename(temporaryPath, path) == 0 else {
      let failure = SystemError.current
      _ = rename(aside, path)
      throw SafeFileError(path: path, problem: .system(failure))
    }
    finished = true
    Self.removeFiles(in: aside)
  }

  /// Abandons the folder: removes what was written and the folder itself.
  public func discard() {
    guard !finished else { return }
    finished = true
    for name in names { unlink(PathName.join(temporaryPath, name)) }
    rmdir(temporaryPath)
  }

  /// Removes the regular files directly in `folder`, then the folder (left when anything else
  /// is in it).
  private static func removeFiles(in folder: String) {
    guard let directory = opendir(folder) else { return }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    closedir(directory)
    for name in names {
      var info = stat()
      let file = PathName.join(folder, name)
      if lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(file) }
    }
    rmdir(folder)
  }
}
