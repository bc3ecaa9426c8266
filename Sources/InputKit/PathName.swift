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
    let trimmed = withoutTrailingSlashes(path.utf8[...])
    guard let slash = trimmed.lastIndex(of: Self.slash) else { return "." }
    let folder = withoutTrailingSlashes(trimmed[..<slash])
    return folder.isEmpty ? "/" : text(folder)
  }

  /// The last name in `path` (`b` for `a/b` and `a/b/`); `/` for the root, "" for "".
  public static func name(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path.utf8[...])
    guard let slash = trimmed.lastIndex(of: Self.slash) else { return text(trimmed) }
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
    let last = name(of: path)
    let bytes = last.utf8[...]
    guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else {
      return last
    }
    return text(bytes[..<dot])
  }

  /// An absolute `path` with `.`, `..` and repeated slashes worked out as text (`..` at the
  /// root stays at the root); links are not followed.
  public static func normalized(_ path: String) -> String {
    var kept: [String] = []
    for part in path.utf8.split(separator: Self.slash, omittingEmptySubsequences: true) {
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

  /// Paths are split at the byte `/`, as the kernel splits them: in UTF-8 that byte is only
  /// ever the scalar `/` (never part of another scalar), even where a combining mark follows it
  /// and Swift would read one character `/̳`. Working on the bytes also keeps a path's split
  /// cheap: `stagemon test --list` takes the folder of ten thousand files.
  private static let slash = UInt8(ascii: "/")

  private static func withoutTrailingSlashes(_ path: Substring.UTF8View) -> Substring.UTF8View {
    var trimmed = path
    while trimmed.last == slash, !trimmed.dropFirst().isEmpty { trimmed = trimmed.dropLast() }
    return trimmed
  }

  /// The text of whole scalars' bytes (split only at ASCII bytes, so still valid UTF-8).
  private static func text(_ bytes: Substring.UTF8View) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
