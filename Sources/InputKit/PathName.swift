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
    let trimmed = withoutTrailingSlashes(path.unicodeScalars)
    guard let slash = trimmed.lastIndex(of: "/") else {
      return isRoot(trimmed) ? "/" : "."
    }
    let folder = withoutTrailingSlashes(trimmed[..<slash])
    return folder.isEmpty ? "/" : text(folder)
  }

  /// The last name in `path` (`b` for `a/b` and `a/b/`); `/` for the root, "" for "".
  public static func name(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path.unicodeScalars)
    guard let slash = trimmed.lastIndex(of: "/") else { return text(trimmed) }
    let name = trimmed[trimmed.index(after: slash)...]
    return name.isEmpty ? "/" : text(name)
  }

  /// `name` inside `folder` (one slash between them); `name` itself when it is absolute or
  /// `folder` is empty or `.`.
  public static func join(_ folder: String, _ name: String) -> String {
    if name.unicodeScalars.first == "/" || folder.isEmpty || folder == "." { return name }
    return folder.unicodeScalars.last == "/" ? folder + name : folder + "/" + name
  }

  /// The last name without its last extension (`b` for `a/b.json`; `.profile` stays whole:
  /// a leading dot starts no extension).
  public static func stem(of path: String) -> String {
    let last = name(of: path).unicodeScalars
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return text(last[...]) }
    return text(last[..<dot])
  }

  /// An absolute `path` with `.`, `..` and repeated slashes worked out as text (`..` at the
  /// root stays at the root); links are not followed.
  public static func normalized(_ path: String) -> String {
    var kept: [String] = []
    for part in path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true) {
      let name = text(part)
      if name == "." { continue }
      if name == ".." {
        _ = kept.popLast()
        continue
      }
      kept.append(name)
    }
    return "/" + kept.joined(separator: "/")
  }

  /// Slashes are compared as Unicode scalars, never as characters: the kernel sees the byte
  /// `/` even where a combining mark follows it and Swift would read one character `/̳`.
  private typealias Scalars = Substring.UnicodeScalarView

  private static func withoutTrailingSlashes(_ path: some Collection<Unicode.Scalar>) -> Scalars {
    var trimmed = Scalars(path)
    while trimmed.last == "/", !trimmed.dropFirst().isEmpty { trimmed.removeLast() }
    return trimmed
  }

  private static func isRoot(_ path: Scalars) -> Bool { path.count == 1 && path.first == "/" }

  private static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
    String(String.UnicodeScalarView(scalars))
  }
}
