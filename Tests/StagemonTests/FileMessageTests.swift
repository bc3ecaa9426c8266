import Foundation
import Testing

/// Files named on the command line say what actually went wrong (issue #8 §4), through the
/// real binary: no such file, a directory, empty, not UTF-8 (first bad byte and its offset),
/// and a path-looking token argument that does not exist is a missing file, not token text.
@Suite struct FileMessageTests {
  /// A scratch directory holding an empty file, a directory and a file with a bad byte.
  struct Scratch {
    let dir: URL
    init() throws {
      dir = try StagemonBinary.temporaryDirectory()
      try Data().write(to: URL(fileURLWithPath: path("empty.json")))
      try FileManager.default.createDirectory(
        atPath: path("folder.json"), withIntermediateDirectories: true)
      let bad = Data(#"{"participants": [{"id": "caf"#.utf8) + Data([0xE9]) + Data(#""}]}"#.utf8)
      try bad.write(to: URL(fileURLWithPath: path("latin1.json")))
    }
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
  }

  static let runRows: [(file: String, says: String)] = [
    ("missing.json", "missing.json: no such file"),
    ("folder.json", "folder.json: is a directory, not a file"),
    ("empty.json", "empty.json: the file is empty"),
    ("latin1.json", "latin1.json: not UTF-8 text: byte 0xE9 at offset 29 (line 1, column 30)"),
  ]

  @Test(arguments: runRows)
  func runSaysWhatIsWrongWithTheScenarioFile(_ row: (file: String, says: String)) throws {
    let scratch = try Scratch()
    let out = try StagemonBinary.run(["run", scratch.path(row.file), "--headless"])
    #expect(out.status == 1)
    #expect(out.stderr.hasSuffix("\(row.says)\n"), "stderr: \(out.stderr)")
    #expect(out.stdout.isEmpty)
  }

  @Test func devNullIsEmptyNotUnreadable() throws {
    let out = try StagemonBinary.run(["run", "/dev/null", "--headless"])
    #expect(out.status == 1)
    #expect(out.stderr == "stagemon: /dev/null: the file is empty\n")
  }

  static let tokenRows: [(argument: String, says: String)] = [
    ("nothere.jwt", "nothere.jwt: no such file"),
    ("token.txt", "token.txt: no such file"),
    ("some/dir/token", "some/dir/token: no such file"),
    ("folder.json", "is a directory, not a file"),
  ]

  @Test(arguments: tokenRows)
  func aPathLikeTokenArgumentIsReadAsAFile(_ row: (argument: String, says: String)) throws {
    let scratch = try Scratch()
    let out = try StagemonBinary.run(
      ["token", "inspect", row.argument], directory: scratch.dir)
    #expect(out.status == 1)
    #expect(out.stderr.contains(row.says), "stderr: \(out.stderr)")
    #expect(!out.stderr.contains("dot-separated"))
  }

  @Test(arguments: ["public.pem", "kid"])
  func keygenWritesNothingWhenAnyOfItsFilesExists(_ existing: String) throws {
    let dir = try StagemonBinary.temporaryDirectory()
    let taken = dir.appendingPathComponent(existing).path
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: taken))
    let out = try StagemonBinary.run(["token", "keygen", "--out", dir.path])
    #expect(out.status == 1)
    #expect(out.stderr.contains("\(taken) already exists; not overwriting (nothing was written)"))
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(left == [existing])
    #expect(try String(contentsOfFile: taken, encoding: .utf8) == "mine\n")
  }

  @Test func keygenNeverReplacesADanglingSymbolicLink() throws {
    let dir = try StagemonBinary.temporaryDirectory()
    let link = dir.appendingPathComponent("kid").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: dir.appendingPathComponent("nowhere").path)
    let out = try StagemonBinary.run(["token", "keygen", "--out", dir.path])
    #expect(out.status == 1)
    #expect(out.stderr.contains("kid already exists"))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link)
        == dir.appendingPathComponent("nowhere").path)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("private.pem").path))
  }
}
