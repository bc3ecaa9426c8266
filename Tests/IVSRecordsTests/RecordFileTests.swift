import Foundation
import Glibc
import InputKit
import Testing

@testable import IVSRecords

/// Records read from their path as a stream give what reading their bytes whole gives: the
/// same events, places, issues and participants, or the same error, for every shape people
/// send (a BOM, UTF-16, several documents, a cut paste, CLI text) and through a FIFO.
@Suite struct RecordFileTests {
  let folder: String = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("record-file-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  /// What a read gave, as comparable text: every event with its place, every issue, every
  /// participant, or the error.
  static func outcome(_ read: (inout RecordSet) throws -> Void) -> [String] {
    var records = RecordSet()
    do {
      try read(&records)
    } catch RecordReadError.invalid(let error) {
      return ["error: \(error)"]
    } catch {
      return ["error: \(error)"]
    }
    return records.events.map { "\($0.name) \($0.participantId) \($0.time) \($0.origin)" }
      + records.issues.map(\.description)
      + records.participants.keys.sorted().map { "participant \($0)" }
      + records.pages.map { "page \($0.origin) \($0.oldest) \($0.nextToken ?? "-")" }
      + [records.session.map { "session \($0.id) \($0.origin)" }].compactMap { $0 }
      + [records.sessionStart, records.sessionEnd].compactMap { $0.map { "bound \($0)" } }
  }

  func expectSameOutcome(_ bytes: [UInt8], named name: String) throws {
    let path = folder + "/" + name
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    let whole = Self.outcome { records in try records.read(bytes: bytes, file: path) }
    let streamed = Self.outcome { records in
      try records.read(atPath: path, limit: BoundedInput.Limit.records)
    }
    #expect(streamed == whole, "\(name)")
    #expect(!whole.isEmpty)
  }

  static let fixtures =
    RecordFixtures.examples.map { "ivs-records/\($0)" }
    + [
      "customer-session/eventbridge.json", "customer-session/cT9rB4nY7eJs.events.page2.json",
      "customer-session/list-participants.json", "customer-session/get-stage-session.json",
    ]

  @Test(arguments: fixtures)
  func fixturesReadAsTheirBytesDo(_ fixture: String) throws {
    try expectSameOutcome(try RecordFixtures.bytes(fixture), named: "fixture.json")
  }

  static let event =
    #"{"eventTime": "2026-03-14T18:10:20.5Z", "name": "JOINED", "participantId": "p1"}"#

  static let texts = [
    "\u{FEFF}{\"events\": [\(event)]}", "{\"events\": [\(event)]}\n{\"events\": [\(event)]}\n",
    "[\(event), \(event)]", "{\"events\": [\(event), {\"name\": \"JOINED\"}]}",
    "{\"events\": [\(event), {\"eventTime\": \"yesterday\", \"name\": \"JOINED\", \"participantId\": \"p\"}]}",
    "{\"events\": [\(event), {\"eventTime\": \"bad\", \"name\": \"JOINED\", \"participantId\": \"p\"}], ,}",
    "{\"events\": [\(event), {\"eventTime\": \"2026-03-14T18",
    "An error occurred (AccessDeniedException) when calling the ListParticipantEvents operation: no",
    "   ", "{\"__type\": \"ValidationException\", \"message\": \"bad\"}",
  ]

  @Test(arguments: texts)
  func textsPeopleSendReadAsTheirBytesDo(_ text: String) throws {
    try expectSameOutcome(Array(text.utf8), named: "sent.json")
  }

  static func utf16(_ text: String, bigEndian: Bool, mark: Bool = true) -> [UInt8] {
    let units = (mark ? [0xFEFF] : []) + Array(text.utf16)
    return units.flatMap {
      bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
    }
  }

  /// PowerShell's UTF-16, larger than the reader's 64 KiB chunks, with and without a byte
  /// order mark, either byte order, characters outside the BMP; and an unpaired surrogate.
  @Test(arguments: [(false, true), (true, true), (false, false), (true, false)])
  func utf16IsStreamedAsItsBytesAreRead(bigEndian: Bool, mark: Bool) throws {
    let events = (0..<2_000).map { _ in
      #"{"eventTime": "2026-03-14T18:10:20Z", "name": "JOINED", "participantId": "p😀é"}"#
    }
    let text = "{\"events\": [" + events.joined(separator: ", ") + "]}"
    let bytes = Self.utf16(text, bigEndian: bigEndian, mark: mark)
    #expect(bytes.count > 128 << 10)
    try expectSameOutcome(bytes, named: "powershell.json")
    var broken = Self.utf16("{\"events\": [\(Self.event)]}", bigEndian: bigEndian, mark: mark)
    broken.insert(contentsOf: bigEndian ? [0xD8, 0x3D] : [0x3D, 0xD8], at: 40)
    try expectSameOutcome(broken, named: "broken.json")
  }

  /// Wherever UTF-16 is cut — inside a unit, between a surrogate pair — the UTF-8 is the same.
  @Test func utf16IsTranscodedTheSameWhereverItIsCut() {
    let bytes = Self.utf16("aé😀日\u{10FFFF}z", bigEndian: false)
    let whole = Array("aé😀日\u{10FFFF}z".utf8)
    for split in 0...bytes.count {
      var transcoder = UTF16Transcoder(bigEndian: false)
      let text = transcoder.take(bytes[..<split]) + transcoder.take(bytes[split...])
      #expect(text == whole, "split at \(split)")
      #expect(transcoder.isComplete)
    }
  }

  /// Larger than the stream's window, so events straddle refills.
  @Test func aRecordLargerThanTheWindowReadsAsItsBytesDo() throws {
    let events = (0..<30_000).map { index in
      #"{"eventTime": "2026-03-14T18:10:20.\#(index % 1000)Z", "name": "JOINED", "participantId": "p\#(index)", "attributes": {"k": "é日\#(index)"}}"#
    }
    let text = "{\"events\": [\n" + events.joined(separator: ",\n") + "\n]}"
    #expect(text.utf8.count > 2 << 20)
    try expectSameOutcome(Array(text.utf8), named: "large.json")
  }

  @Test func aFIFOIsReadAsItsBytesAre() throws {
    let fifo = folder + "/fifo.json"
    #expect(mkfifo(fifo, 0o600) == 0)
    let text = "{\"events\": [\(Self.event)]}\n{\"events\": [\(Self.event)]}"
    let writer = Thread {
      let fd = open(fifo, O_WRONLY)
      guard fd >= 0 else { return }
      for piece in [String(text.prefix(20)), String(text.dropFirst(20))] {
        _ = piece.withCString { Glibc.write(fd, $0, strlen($0)) }
        usleep(20_000)
      }
      close(fd)
    }
    writer.start()
    let streamed = Self.outcome { records in
      try records.read(atPath: fifo, limit: BoundedInput.Limit.records)
    }
    let whole = Self.outcome { records in try records.read(bytes: Array(text.utf8), file: fifo) }
    #expect(streamed == whole)
    #expect(streamed.filter { $0.hasPrefix("JOINED") }.count == 2)
  }

  @Test func aMissingFileIsUnreadable() {
    #expect {
      var records = RecordSet()
      try records.read(atPath: folder + "/missing.json", limit: 1024)
    } throws: { error in
      guard case RecordReadError.unreadable(let problem) = error else { return false }
      return problem.problem == .noSuchFile
    }
  }
}
