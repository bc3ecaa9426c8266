import StageEngine
import Testing

@testable import IVSRecords

/// The timeline written as bytes (`TimelineText`) is the text of the obvious string version.
@Suite struct TimelineTextTests {
  @Test(arguments: [false, true])
  func theByteTimelineIsTheStringTimeline(withDates: Bool) throws {
    let late = """
      {"events": [{"name": "PUBLISH_STOPPED", "participantId": "guest", "eventTime": "2026-04-20T10:03:40.250Z"}]}
      """
    let explanation = try Explanation.make(
      try RecordFixtures.supportSession(extra: [late]), file: "late", toleranceSeconds: 5)
    let entries = explanation.comparison.entries
    #expect(Set(entries.map(\.status)) == [.reproduced, .missingInModel])
    var out: [UInt8] = []
    TimelineText.write(entries, withDates: withDates, into: &out)
    let expected = entries.map { "  " + Self.line($0, withDates: withDates) + "\n" }.joined()
    #expect(String(decoding: out, as: UTF8.self) == expected)
  }

  @Test func wideAndOutOfRangeTextIsPaddedAsCharacters() {
    var outOfRange = StageEvent(
      source: .server, kind: .publishError, participant: "ĥost", seq: 12, time: 900_000_000_000)
    outOfRange.remoteParticipantId = "r"
    outOfRange.errorCode = "QUOTA"
    let entries = [
      RecordComparison.Entry(
        status: .outsideModel,
        recorded: RecordedEvent(
          name: "REPLICATION_STARTED", kind: nil, participantId: "Zoë-ü-🎤", time: 1_776_679_380_007,
          remoteParticipantId: "é", errorCode: "X", destination: "arn (st-ü)",
          viaEventBridge: false,
          place: RecordPlace(file: "f", path: "events[0]")),
        modelled: nil),
      RecordComparison.Entry(
        status: .missingInRecords, recorded: nil,
        modelled: RecordComparison.ModelledEvent(outOfRange)),
    ]
    let timeline = RecordComparison.Entries(
      recorded: entries.compactMap(\.recorded), matches: [nil], errorCodes: [:],
      unrecorded: entries.compactMap(\.modelled), order: [0, 1])
    for withDates in [false, true] {
      var out: [UInt8] = []
      TimelineText.write(timeline, withDates: withDates, into: &out)
      let expected = entries.map { "  " + Self.line($0, withDates: withDates) + "\n" }.joined()
      #expect(String(decoding: out, as: UTF8.self) == expected)
    }
  }

  /// The report's timeline line as it was written before `TimelineText`: strings padded.
  static func line(_ entry: RecordComparison.Entry, withDates: Bool) -> String {
    let stamp = RecordTime.iso8601(milliseconds: entry.time)
    let time = padded(withDates ? stamp : String(stamp.dropFirst(11)), withDates ? 24 : 13)
    let status: String
    switch entry.status {
    case .reproduced: status = "reproduced        "
    case .missingInModel: status = "MISSING IN MODEL  "
    case .missingInRecords: status = "MISSING IN RECORDS"
    case .outsideModel: status = "outside the model "
    }
    let what = entry.recorded.map(describe) ?? entry.modelled.map(describe) ?? ""
    let model =
      entry.modelled.map {
        let stamp = VirtualTime.iso8601($0.time).dropLast()
        return "model \(withDates ? stamp : stamp.dropFirst(11)) #\($0.seq)"
      } ?? ""
    return "\(time)  \(status)  \(padded(what, 44))  \(model)"
  }

  static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  static func describe(_ event: RecordedEvent) -> String {
    var text = "\(event.name) \(event.participantId)"
    if let remote = event.remoteParticipantId { text += " → \(remote)" }
    if let destination = event.destination { text += " → stage \(destination)" }
    if let code = event.errorCode { text += " \(code)" }
    return text
  }

  static func describe(_ event: RecordComparison.ModelledEvent) -> String {
    var text = "\(event.kind.rawValue) \(event.participant)"
    if let remote = event.remoteParticipantId { text += " → \(remote)" }
    if let code = event.errorCode { text += " \(code)" }
    return text
  }
}
