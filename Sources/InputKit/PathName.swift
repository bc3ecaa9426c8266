/// Splits and joins file paths as text, by their slashes, without Foundation: its
/// `deletingLastPathComponent` family trapped (SIGILL) on one-character names such as `x`, and a
/// path a person types must never crash stagemon. Every path stagemon derives from another — a
/// scenario's folder, its golden file, the key saved beside it, a screenshot's folder, a file
/// in a fetched folder — goes through these. Paths are bytes to the kernel, so nothing here
/// normalises, resolves or rejects: `..` and `.` stay what they are.
public enum PathName {
  /// The folder holding `path`: `.` for a bare name, `/` for a name at the root. Slashes at
  /// the end are not a name (`a/b/` is in `a`).
  public static func folder(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed == "/" ? "/" : "." }
    let head = trimmed[..<slash]
    let folder = withoutTrailingSlashes(String(head))
    return folder.isEmpty ? "/" : folder
  }

  /// The last name in `path` (`b` for `a/b` and `a/b/`); `/` for the root, "" for "".
  public static func name(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    let name = trimmed[trimmed.index(after: slash)...]
    return name.isEmpty ? "/" : String(name)
  }

  /// `name` inside `folder` (one slash between them); `name` itself when it is absolute or
  /// `folder` is empty or `.`.
  public static func join(_ folder: String, _ name: String) -> String {
    if name.hasPrefix("/") || folder.isEmpty || folder == "." { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// The last name without its last extension (`b` for `a/b.json`; `.profile` stays whole:
  /// a leading dot starts no extension).
  public static func stem(of path: String) -> String {
    let last = name(of: path)
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
    return String(last[..<dot])
  }

  /// An absolute `path` with `.`, `..` and repeated slashes worked out as text (`..` at the
  /// root stays at the root); links are not followed.
  public static func normalized(_ path: String) -> String {
    var kept: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        _ = kept.popLast()
        continue
      }
      kept.append(part)
    }
    return "/" + kept.joined(separator: "/")
  }

  private static func withoutTrailingSlashes(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    return String(trimmed)
  }
}
