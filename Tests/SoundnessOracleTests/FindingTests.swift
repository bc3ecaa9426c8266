import Foundation
import Testing

@testable import SoundnessOracle

/// A finding is written as one folder through the safe writer: written again (a later
/// minimisation of the same seed and kind), the folder holds the new files only, so a
/// regression fixture never keeps a file the minimised folder did not have.
@Suite struct FindingTests {
  @Test func aRewrittenFindingKeepsNoFileOfTheEarlierOne() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("finding-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Oracle.run(seed: 3, limits: .init(participants: 6, actions: 12))
    let whole = result.folder
    #expect(whole.files.count > 1)
    let violation = Violation(kind: .label, subject: "s", claim: "c", truth: "t")
    let path = try Finding.write(
      whole, violation: violation, result: result, limits: .init(), into: directory)
    let first = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    #expect(first == (whole.files.map(\.name) + ["FINDING.md"]).sorted())

    let smaller = RenderedFolder(files: Array(whole.files.prefix(1)))
    let again = try Finding.write(
      smaller, violation: violation, result: result, limits: .init(), into: directory)
    #expect(again == path)
    let second = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    #expect(second == (smaller.files.map(\.name) + ["FINDING.md"]).sorted())
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory) == [
        "\(result.seed)-label"
      ])
  }

  @Test func aFindingIsReadBackAsWrittenAndAPathThatNamesNoFolderSaysSo() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("finding-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Oracle.run(seed: 3, limits: .init(participants: 6, actions: 12))
    let violation = Violation(kind: .label, subject: "s", claim: "c", truth: "t")
    let path = try Finding.write(
      result.folder, violation: violation, result: result, limits: .init(), into: directory)
    let read = try Finding.records(inFolder: path)
    let written = result.folder.files.filter { $0.name.hasSuffix(".json") }
      .sorted { $0.name < $1.name }
    #expect(read.map(\.name) == written.map(\.name))
    #expect(read.map(\.bytes) == written.map(\.bytes))

    let missing = directory + "/nowhere"
    let none = #expect(throws: Finding.NotAFolder.self) {
      try Finding.records(inFolder: missing)
    }
    #expect(none.map { "\($0)" }?.hasPrefix("\(missing): no such folder;") == true)
    let file = #expect(throws: Finding.NotAFolder.self) {
      try Finding.records(inFolder: path + "/FINDING.md")
    }
    #expect(file.map { "\($0)" }?.hasPrefix("\(path)/FINDING.md: not a folder;") == true)
  }
}
