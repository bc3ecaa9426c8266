import Foundation
import IVSRecords
import StageEngine

/// The vendored record files (`Tests/Fixtures`), and helpers to import and compare them.
enum RecordFixtures {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  static let examples = [
    "constructed.token-exchanged.json", "eventbridge-stage-update.json", "get-participant.json",
    "get-stage-session.json", "list-participant-events.basic.json",
    "list-participant-events.replication.json", "list-participants.json",
  ]

  static let supportFiles = [
    "carol.json", "dave.json", "guest.json", "guest.page2.json", "host.json",
  ]

  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent(path)))
  }

  /// Reads `texts` as record files named `file1.json` ….
  static func records(_ texts: [String]) throws -> RecordSet {
    var records = RecordSet()
    for (index, text) in texts.enumerated() {
      try records.read(bytes: Array(text.utf8), file: "file\(index + 1).json")
    }
    return records
  }

  /// The constructed support session with the SDKs the customer named.
  static func supportSession(extra: [String] = []) throws -> ImportedSession {
    var records = RecordSet()
    for file in supportFiles {
      try records.read(bytes: try bytes("support-session/\(file)"), file: file)
    }
    for (index, text) in extra.enumerated() {
      try records.read(bytes: Array(text.utf8), file: "extra\(index + 1).json")
    }
    var options = ImportOptions()
    for text in [
      "host=ios@1.37.0", "guest=android@1.37.0", "carol=android@1.36.0", "dave=web@1.32.0",
    ] {
      options.sdks.append(try ImportOptions.assignment(text, option: "--sdk"))
    }
    return try RecordImporter.makeSession(from: records, options: options)
  }
}

/// The constructed customer folder (`Tests/Fixtures/customer-session`, see its SOURCE.md).
enum CustomerFolder {
  static let host = "hQ3mX8vK2pLw"
  static let cohost = "cT9rB4nY7eJs"
  static let iosViewer = "iV2kP8wQ5zMa"
  static let oldAndroid = "aL6dF1gH3jKo"
  static let lateWeb = "wE4uR7tY0iPn"

  /// Every file of the folder, in name order (as `explain FOLDER` reads it).
  static var files: [String] {
    let url = RecordFixtures.root.appendingPathComponent("customer-session")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }

  /// The folder's files accepted by `keep`, plus `extra` texts, imported with `sdks`.
  static func session(
    _ keep: (String) -> Bool = { _ in true }, extra: [String] = [], sdks: [String] = []
  ) throws -> ImportedSession {
    var records = RecordSet()
    for file in files where keep(file) {
      try records.read(bytes: try RecordFixtures.bytes("customer-session/\(file)"), file: file)
    }
    for (index, text) in extra.enumerated() {
      try records.read(bytes: Array(text.utf8), file: "extra\(index + 1).json")
    }
    var options = ImportOptions()
    for text in sdks { options.sdks.append(try ImportOptions.assignment(text, option: "--sdk")) }
    return try RecordImporter.makeSession(from: records, options: options)
  }

  static func explain(
    _ keep: (String) -> Bool = { _ in true }, extra: [String] = [], sdks: [String] = []
  ) throws -> Explanation {
    try Explanation.make(
      try session(keep, extra: extra, sdks: sdks), file: "customer-session", toleranceSeconds: 5)
  }
}
