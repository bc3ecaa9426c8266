import Foundation

/// One thing `stagemon test` was asked to run, found before anything runs: a scenario file
/// named on the command line, one found in a folder, or a path that does not exist (an error
/// case of its own, so the other items still run and the JUnit file shows it).
public struct TestItem: Equatable, Sendable {
  /// How the item was found.
  public enum Origin: Equatable, Sendable {
    /// Named on the command line: always run, whatever its name (pytest runs a named file).
    case named
    /// Found in a folder as `*.json`: skipped with a note when it is not a scenario.
    case found
    /// Named, but nothing is there.
    case missing
  }

  /// The path as named, or as found under a named folder.
  public let path: String
  /// How it was found.
  public let origin: Origin

  /// Creates an item.
  public init(path: String, origin: Origin) {
    self.path = path
    self.origin = origin
  }
}

/// Discovery, apart from running (pytest's collection): walks each named path — folders
/// recursively, in name order, hidden folders left out — and reads no file, so `--list`,
/// selection and the run all start from the same items.
public enum TestCollection {
  /// The items for `paths`, in the order named; a folder's `*.json` files sorted by path. A
  /// file reached twice (named twice, or named and found in a folder also named) is one item,
  /// where it was first reached, as pytest runs it once.
  public static func collect(_ paths: [String]) -> [TestItem] {
    var seen: Set<String> = []
    return paths.flatMap { path -> [TestItem] in
      switch kind(of: path) {
      case nil: return [TestItem(path: path, origin: .missing)]
      case .file: return [TestItem(path: path, origin: .named)]
      case .folder:
        var found: [String] = []
        walk(path, into: &found)
        return found.sorted().map { TestItem(path: $0, origin: .found) }
      }
    }.filter { seen.insert(identity($0.path)).inserted }
  }

  /// The file a path leads to, for telling two spellings of one file apart from two files.
  private static func identity(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private enum Kind { case file, folder }

  private static func kind(of path: String) -> Kind? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT == S_IFDIR ? .folder : .file
  }

  /// Appends the `*.json` files under `folder`; symbolic links to folders are not followed
  /// (no cycles), links to files are.
  private static func walk(_ folder: String, into found: inout [String]) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.utf8.first != UInt8(ascii: ".") else { continue }
      let path = folder.unicodeScalars.last == "/" ? folder + name : folder + "/" + name
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_DIR): walk(path, into: &found)
      case Int32(DT_REG): if name.hasSuffix(".json") { found.append(path) }
      case Int32(DT_LNK):
        if name.hasSuffix(".json"), kind(of: path) == .file { found.append(path) }
      default:
        if kind(of: path) == .folder {
          walk(path, into: &found)
        } else if name.hasSuffix(".json") {
          found.append(path)
        }
      }
    }
  }
}
