import Foundation
import Testing

@testable import InputKit

/// Paths split and joined as text: the cases Foundation's path code got wrong or trapped on
/// (one-character names), and the promises every path function keeps on any string.
struct PathNameTests {
  @Test(arguments: [
    ("x", ".", "x"), ("a/b", "a", "b"), ("/a", "/", "a"), ("a/b/", "a", "b"), ("/", "/", "/"),
    ("", ".", ""), ("a//b", "a", "b"), ("./x", ".", "x"), ("../x", "..", "x"), ("//", "/", "/"),
  ])
  func folderAndName(_ path: String, _ folder: String, _ name: String) {
    #expect(PathName.folder(of: path) == folder)
    #expect(PathName.name(of: path) == name)
  }

  /// A combining mark after a slash makes one Swift character (`/̳`) but the kernel still
  /// sees the byte `/`: paths split by scalars. The fuzzer's input that first found this is
  /// kept in `Fuzz/Corpus/arguments/` and replayed below.
  @Test(arguments: [
    ("a/\u{333}b", "a", "\u{333}b"), ("\u{333}/\u{333}", "\u{333}", "\u{333}"),
    ("a/\u{301}/", "a", "\u{301}"), ("/\u{333}", "/", "\u{333}"),
  ])
  func aCombiningMarkAfterASlashLeavesItASlash(_ path: String, _ folder: String, _ name: String) {
    #expect(PathName.folder(of: path) == folder)
    #expect(PathName.name(of: path) == name)
    #expect(PathName.normalized("/a/\u{333}/../b") == "/a/b")
    #expect(PathName.stem(of: "d/\u{333}x.json") == "\u{333}x")
  }

  /// The fuzzer's finding: a name that starts with a combining mark still gets a hidden
  /// temporary file (`.` is its first byte) beside it, never a path elsewhere.
  @Test func aNameStartingWithACombiningMarkGetsAHiddenTemporary() {
    let path = "d/\u{333}\u{333}\u{FFFD}"
    let temporary = SafeFile.temporaryPath(for: path)
    #expect(temporary.utf8.starts(with: "d/.".utf8), "\(temporary)")
    #expect(PathName.folder(of: temporary) == "d")
    #expect(PathName.name(of: temporary).unicodeScalars.first == ".")
  }

  @Test func joinStemAndNormalized() {
    #expect(PathName.join(".", "x") == "x")
    #expect(PathName.join("a", "x") == "a/x")
    #expect(PathName.join("a/", "x") == "a/x")
    #expect(PathName.join("a", "/etc/x") == "/etc/x")
    #expect(PathName.stem(of: "d/s.scenario.json") == "s.scenario")
    #expect(PathName.stem(of: ".profile") == ".profile")
    #expect(PathName.stem(of: "x") == "x")
    #expect(PathName.normalized("/a/./b/../c//d") == "/a/c/d")
    #expect(PathName.normalized("/../..") == "/")
  }

  /// Random strings over the characters paths are made of: nothing traps, and the folder and
  /// name of any path put back together name the same file's name.
  @Test func anyStringKeepsThePromises() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [Character] = ["/", ".", "x", "é", " ", "\u{0}", "~", "\u{333}"]
    for _ in 0..<5_000 {
      let length = Int.random(in: 0...8, using: &generator)
      let path = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "x" })
      let folder = PathName.folder(of: path)
      let name = PathName.name(of: path)
      #expect(!folder.isEmpty, "\(path)")
      #expect(name == "/" || !name.unicodeScalars.contains("/"), "\(path)")
      #expect(path.isEmpty || PathName.name(of: PathName.join(folder, name)) == name, "\(path)")
      #expect(!PathName.normalized("/" + path).contains("//"), "\(path)")
    }
  }

  /// Splitting a path's bytes (what `PathName` does, for speed) gives what splitting its Unicode
  /// scalars at `/` gives (the obvious reading), on random strings of one- to four-byte
  /// scalars, combining marks right after slashes among them.
  @Test func splittingBytesAgreesWithSplittingScalars() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [Unicode.Scalar] = ["/", ".", "x", "é", "\u{333}", "\u{301}", "€", "😀", "\u{0}"]
    for _ in 0..<5_000 {
      let length = Int.random(in: 0...10, using: &generator)
      var scalars = String.UnicodeScalarView()
      for _ in 0..<length { scalars.append(alphabet.randomElement(using: &generator) ?? "x") }
      let path = String(scalars)
      let expected = Self.folderAndName(byScalars: path)
      #expect(PathName.folder(of: path) == expected.folder, "\(Array(path.unicodeScalars))")
      #expect(PathName.name(of: path) == expected.name, "\(Array(path.unicodeScalars))")
    }
  }

  /// Folder and name as the scalars read them: trailing slashes dropped (one kept), then the
  /// last slash splits.
  private static func folderAndName(byScalars path: String) -> (folder: String, name: String) {
    var trimmed = Array(path.unicodeScalars)
    while trimmed.count > 1, trimmed.last == "/" { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else {
      return (".", String(String.UnicodeScalarView(trimmed)))
    }
    var folder = Array(trimmed[..<slash])
    while folder.count > 1, folder.last == "/" { folder.removeLast() }
    let name = trimmed[(slash + 1)...]
    return (
      folder.isEmpty ? "/" : String(String.UnicodeScalarView(folder)),
      name.isEmpty ? "/" : String(String.UnicodeScalarView(name))
    )
  }

  /// A folder stagemon makes is 0700, and the folders above it it had to make too.
  @Test func createdFoldersArePrivate() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pathname-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try SafeFolder.create(root.path + "/a/b")
    for path in [root.path, root.path + "/a", root.path + "/a/b"] {
      let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(mode == 0o700, "\(path)")
    }
  }

  /// A pending folder shows nothing at its destination until committed, and leaves nothing
  /// when dropped.
  @Test func aPendingFolderAppearsWholeOrNotAtAll() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pending-\(UUID().uuidString)")
    try SafeFolder.create(root.path)
    defer { try? FileManager.default.removeItem(at: root) }
    let destination = root.path + "/out"
    do {
      let dropped = try PendingFolder(path: destination)
      try dropped.write("{}", named: "a.json")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
    let kept = try PendingFolder(path: destination)
    try kept.write("{}", named: "a.json")
    #expect(!FileManager.default.fileExists(atPath: destination))
    try kept.commit()
    #expect(try FileManager.default.contentsOfDirectory(atPath: destination) == ["a.json"])
    let again = try PendingFolder(path: destination)
    try again.write("[]", named: "b.json")
    try again.commit(replacing: true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: destination) == ["b.json"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])
  }
}
