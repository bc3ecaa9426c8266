import StageEngine
import Testing

@testable import IVSRecords

/// What the records show happened is never contradicted by a model decision: a participant
/// whose token (as a later exchange reveals it) had expired before the join the records show
/// still joins and publishes in the model, and the disagreement is reported as a finding.
@Suite struct RecordedTruthTests {
  /// The session began at 11:00; host joined at 12:00 and publishes, and its exchange at 12:30
  /// says the token it held expired at 11:59.
  static let records = [
    #"{"stageSession": {"sessionId": "st-1", "startTime": "2026-01-01T11:00:00Z"}}"#,
    """
    {"events": [
      {"name": "JOINED", "participantId": "host", "eventTime": "2026-01-01T12:00:00Z"},
      {"name": "PUBLISH_STARTED", "participantId": "host", "eventTime": "2026-01-01T12:00:01Z"},
      {"name": "TOKEN_EXCHANGED", "participantId": "host", "eventTime": "2026-01-01T12:30:00Z",
       "previousToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "1"},
                         "expirationTime": "2026-01-01T11:59:00Z"},
       "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "2"},
                    "expirationTime": "2026-01-01T13:30:00Z"}}]}
    """,
  ]

  @Test func aJoinTheRecordsShowHappensInTheModelWhateverTheTokensExpSays() throws {
    let session = try RecordImporter.makeSession(
      from: try RecordFixtures.records(Self.records), options: ImportOptions())
    let runner = try ScenarioRunner(scenario: session.runnable, file: "records")
    var refusals: [String] = []
    while !runner.isFinished {
      do {
        try runner.step()
      } catch {
        refusals.append("\(error)")
      }
    }
    let events = runner.stage.drainBatch(keepingLast: 10_000)
    let failures = events.failures.map { "\($0)" }
    #expect(refusals.isEmpty, "\(refusals)")
    #expect(!failures.contains { $0.contains("exp") }, "\(failures)")
    let host = try #require(runner.stage.snapshot().participant("host"))
    #expect(host.connection == .connected)
    #expect(runner.stage.snapshot().publishers.contains("host"))
    let finding = try #require(session.findings.first { $0.hasPrefix("host:") })
    #expect(finding.contains("2026-01-01T11:59:00Z") && finding.contains("records win"))
    #expect(session.scenario.notes.contains { $0.hasPrefix("finding: host:") })
  }
}
