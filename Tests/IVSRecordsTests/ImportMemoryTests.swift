import Foundation
import InputKit
import StageEngine
import Testing
import TokenCore

@testable import IVSRecords

/// What `explain --json` holds of a record is small and held once: an event keeps its rare
/// fields in a box, the import sorts the read events in place, what-ifs share one timeline,
/// and a file is read into room for exactly its events. Each gives what the obvious way gives.
@Suite struct ImportMemoryTests {
  @Test func aRecordedEventWithoutRareFieldsIsSeventyTwoBytes() {
    #expect(MemoryLayout<RecordedEvent>.stride == 72)
  }

  @Test(arguments: Array(RecordedEvent.modelledKinds))
  func everyModelledNameIsItsKindsOwnSoNoEventStoresIt(name: String, kind: EventKind) {
    #expect(kind.rawValue == name)
    let event = RecordedEvent(
      name: name, kind: kind, participantId: "p", time: 0, viaEventBridge: false,
      place: RecordPlace(file: "f", path: ""))
    #expect(event.name == name)
  }

  @Test func rareFieldsReadBackAsTheyWereSetAndGoneWhenCleared() {
    var event = RecordedEvent(
      name: "REPLICATION_STARTED", participantId: "p", time: 0, errorCode: "X",
      destination: "arn (st-1)", viaEventBridge: false, place: RecordPlace(file: "f", path: ""))
    let token = RecordedToken(
      capabilities: Capabilities(publish: true, subscribe: false), attributes: ["k": "v"],
      userId: "u", expirationTime: nil)
    event.newToken = token
    #expect(event.name == "REPLICATION_STARTED")
    #expect(event.errorCode == "X")
    #expect(event.destination == "arn (st-1)")
    #expect(event.newToken == token)
    #expect(event.previousToken == nil)
    event.errorCode = nil
    event.destination = nil
    event.newToken = nil
    #expect(event.name == "REPLICATION_STARTED")
    #expect(event.errorCode == nil && event.destination == nil && event.newToken == nil)
    let plain = RecordedEvent(
      name: "UNKNOWN_THING", participantId: "p", time: 0, viaEventBridge: false,
      place: RecordPlace(file: "f", path: ""))
    #expect(plain.name == "UNKNOWN_THING")
    #expect(plain.kind == nil)
  }

  /// The support session's events as read: newest-first pages, shared timestamps and two
  /// exact duplicates.
  static func supportEvents() throws -> [RecordedEvent] {
    var records = RecordSet()
    for file in RecordFixtures.supportFiles {
      try records.read(bytes: try RecordFixtures.bytes("support-session/\(file)"), file: file)
    }
    return records.events
  }

  /// The obvious timeline: a stable sort by time, logical rank, participant, name and
  /// publisher, each exact duplicate of the event before it dropped.
  static func obviousTimeline(_ events: [RecordedEvent]) -> [RecordedEvent] {
    let sorted = events.enumerated().sorted { a, b in
      let x = a.element
      let y = b.element
      if x.time != y.time { return x.time < y.time }
      if x.logicalRank != y.logicalRank { return x.logicalRank < y.logicalRank }
      if x.participantId != y.participantId { return x.participantId < y.participantId }
      if x.name != y.name { return x.name < y.name }
      let (remoteX, remoteY) = (x.remoteParticipantId ?? "", y.remoteParticipantId ?? "")
      if remoteX != remoteY { return remoteX < remoteY }
      return a.offset < b.offset
    }.map(\.element)
    var kept: [RecordedEvent] = []
    for event in sorted where !(kept.last?.sameRecord(as: event) ?? false) { kept.append(event) }
    return kept
  }

  @Test func theTimelineSortedInPlaceIsTheObviousSortAndLeavesACopyAlone() throws {
    let events = try Self.supportEvents()
    let copy = events
    let timeline = RecordTimeline(events)
    #expect(copy == events)
    #expect(timeline.events == Self.obviousTimeline(events))
    #expect(timeline.duplicates == events.count - timeline.events.count)
    #expect(timeline.duplicates == 2)
    #expect(RecordTimeline(consume copy).events == timeline.events)
  }

  @Test func importingLeavesTheCallersRecordsAsTheyWere() throws {
    let records = try RecordFixtures.records(
      try RecordFixtures.supportFiles.map {
        String(decoding: try RecordFixtures.bytes("support-session/\($0)"), as: UTF8.self)
      })
    let before = records.events
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    #expect(records.events == before)
    #expect(session.recorded == Self.obviousTimeline(before))
  }

  @Test func eachWhatIfVariantIsTheSessionItsOwnImportMakes() throws {
    var records = RecordSet()
    for file in RecordFixtures.supportFiles {
      try records.read(bytes: try RecordFixtures.bytes("support-session/\(file)"), file: file)
    }
    var options = ImportOptions()
    options.sdks.append(try ImportOptions.assignment("carol=android@1.36.0", option: "--sdk"))
    options.sdks.append(try ImportOptions.assignment("carol=android@1.37.0", option: "--sdk"))
    let variants = options.variants
    #expect(variants.count == 2)
    let alone = try variants.map { variant throws(ImportUsageError) in
      ScenarioEncoder.text(try RecordImporter.makeSession(from: records, options: variant).scenario)
    }
    let together = try RecordImporter.makeSessions(from: records, variants: variants)
    #expect(together.map { ScenarioEncoder.text($0.scenario) } == alone)
    #expect(alone[0] != alone[1])
  }

  @Test func aFileIsReadIntoRoomForExactlyItsEvents() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("import-memory-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Grown by appending, 1,100 events would take room for 2,048.
    let events = (0..<1_100).map { index in
      #"{"eventTime": "2026-03-14T18:10:20.\#(index % 1000)Z", "name": "JOINED", "participantId": "p\#(index)", "attributes": {"k": "v"}}"#
    }
    let path = folder + "/events.json"
    try SafeFile.write("{\"events\": [\n" + events.joined(separator: ",\n") + "\n]}", to: path)
    var records = RecordSet()
    try records.read(atPath: path, limit: BoundedInput.Limit.records)
    #expect(records.events.count == 1_100)
    #expect(records.events.capacity < 1_150)
  }
}
