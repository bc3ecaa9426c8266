import Foundation
import Glibc
import Testing

@testable import InputKit

/// Reading named files: each failure says what happened, sizes are capped, and UTF-8 errors
/// point at the first bad byte.
@Suite struct InputFileTests {
  static let scratch: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("inputkit-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = Self.scratch.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  func problem(_ path: String, limit: Int = 1024) -> InputFileError.Problem? {
    do {
      _ = try BoundedInput.text(atPath: path, limit: limit)
      return nil
    } catch {
      return error.problem
    }
  }

  @Test func eachFailureSaysWhatHappened() throws {
    #expect(problem(Self.scratch.appendingPathComponent("absent").path) == .noSuchFile)
    #expect(problem(Self.scratch.path) == .directory)
    #expect(problem(try file("empty", [])) == .empty)
    #expect(problem("/dev/null") == .empty)
    #expect(
      problem(try file("big", [UInt8](repeating: 0x41, count: 2000))) == .tooLarge(limit: 1024))
    #expect(problem("/dev/zero") == .notText(offset: 0))
    #expect(problem(try file("nul", [0x41, 0x0A, 0x00])) == .notText(offset: 2))
    #expect(problem(try file("fine", Array("hi".utf8))) == nil)
  }

  @Test(arguments: [
    (EACCES, "permission denied"), (EPERM, "permission denied"),
    (ENOENT, "no such file"), (ENOTDIR, "no such file"), (EISDIR, "is a directory, not a file"),
  ])
  func systemErrorsReadAsPeopleSayThem(code: Int32, reason: String) {
    #expect(
      InputFileError(path: "p", problem: .init(SystemError(code: code))).description
        == "p: \(reason)")
  }

  @Test(arguments: [
    ([0x61, 0xFF], 1, 1, 2), ([0x0A, 0x0A, 0x61, 0xC3], 3, 3, 2),
    ([0xC3, 0xA9, 0x62, 0xE2, 0x82], 3, 1, 3), ([0xC0, 0x80], 0, 1, 1),
    ([0x61, 0xED, 0xA0, 0x80], 1, 1, 2),
  ])
  func invalidUTF8IsReportedAtItsFirstBadByte(bytes: [UInt8], offset: Int, line: Int, column: Int) {
    #expect {
      _ = try UTF8Text.decode(bytes)
    } throws: { error in
      guard let error = error as? UTF8TextError else { return false }
      return error.offset == offset && error.line == line && error.column == column
        && error.byte == bytes[offset]
    }
  }

  @Test func excerptsKeepShortTextAndCutLongText() {
    #expect(Excerpt.of("join") == "join")
    let long = String(repeating: "x", count: 10_485_760)
    let shown = Excerpt.quoted(long)
    #expect(shown.count < 100)
    #expect(shown.hasSuffix("… (10485760 bytes)\""))
  }

  @Test(arguments: [("a/b", true), ("t.jwt", true), ("t.txt", true), ("eyJh.eyJ.sig", false)])
  func pathLikeWords(word: String, isPath: Bool) {
    #expect(BoundedInput.looksLikePath(word) == isPath)
  }
}
