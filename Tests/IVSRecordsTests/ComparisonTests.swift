import IVSRecords
import StageEngine
import Testing

/// The comparison matches model events as they stream: each recorded event, oldest first,
/// takes the oldest model event of its key within the tolerance not taken before.
@Suite struct ComparisonTests {
  private func session() throws -> ImportedSession {
    let records = try RecordFixtures.records([
      """
      {"events": [{"name": "JOINED", "participantId": "a", "eventTime": "2026-01-01T00:00:11Z"},
                  {"name": "JOINED", "participantId": "a", "eventTime": "2026-01-01T00:00:10Z"}]}
      """
    ])
    return try RecordImporter.makeSession(from: records, options: ImportOptions())
  }

  private func joined(_ participant: String, at second: Int64, seq: Int) -> StageEvent {
    StageEvent(
      source: .server, kind: .joined, participant: participant, seq: seq,
      time: 1_767_225_600 + second)
  }

  @Test func eachRecordedEventTakesTheOldestModelEventWithinTheTolerance() throws {
    let modelled = [
      joined("a", at: 3, seq: 1), joined("a", at: 12, seq: 2), joined("b", at: 13, seq: 3),
      joined("a", at: 20, seq: 4),
    ]
    let comparison = RecordComparison(
      session: try session(), modelled: modelled, toleranceSeconds: 5)
    #expect(
      comparison.entries.map { "\($0.status) \($0.time / 1000 - 1_767_225_600)" } == [
        "missingInRecords 3", "reproduced 10", "missingInModel 11", "missingInRecords 20",
      ])
    #expect(comparison.entries.compactMap { $0.modelled?.seq } == [1, 2, 4])
  }

  @Test func aWiderToleranceReproducesBoth() throws {
    let modelled = [joined("a", at: 12, seq: 1), joined("a", at: 20, seq: 2)]
    let comparison = RecordComparison(
      session: try session(), modelled: modelled, toleranceSeconds: 10)
    #expect(comparison.entries.map(\.status) == [.reproduced, .reproduced])
    #expect(comparison.isReproduced)
  }
}
