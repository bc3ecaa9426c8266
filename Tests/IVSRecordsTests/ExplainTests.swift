import IVSRecords
import StageEngine
import Testing

/// `stagemon explain`: stale viewers named in the summary, divergences found.
@Suite struct ExplainTests {
  @Test func summaryNamesTheStaleViewers() throws {
    let explanation = try Explanation.make(
      try RecordFixtures.supportSession(), file: "support", toleranceSeconds: 5)
    #expect(explanation.isClean)
    let stale = explanation.summary.filter { $0.contains("still shows") }
    #expect(stale.count == 2)
    #expect(
      stale.contains {
        $0.hasPrefix("viewer carol on android@1.36.0 still shows") && $0.contains("seat=2")
      })
    #expect(stale.contains { $0.hasPrefix("viewer dave on web@1.32.0 still shows") })
    let moved = try #require(
      explanation.exchanges.first { $0.changes == ["attribute seat: 2 → 1"] })
    #expect(moved.sightings.map(\.verdict) == ["atOnce", "never", "never"])
    #expect(moved.sightings.first?.text == "updated at once (participantMetadataDidUpdate)")
  }

  @Test func publishStoppedFortySecondsAfterARevokeIsADivergence() throws {
    let late = """
      {"events": [{"name": "PUBLISH_STOPPED", "participantId": "guest", "eventTime": "2026-04-20T10:03:40Z"}]}
      """
    var session = try RecordFixtures.supportSession(extra: [late])
    // The late stop replaces the one at the revoke.
    session = try withoutEvent(
      session, name: "PUBLISH_STOPPED", participant: "guest", at: "2026-04-20T10:03:00Z")
    let explanation = try Explanation.make(session, file: "late", toleranceSeconds: 5)
    #expect(!explanation.isClean)
    let missing = explanation.comparison.entries.filter { $0.status == .missingInModel }
    #expect(missing.map { $0.recorded?.name } == ["PUBLISH_STOPPED"])
    let extra = explanation.comparison.entries.filter { $0.status == .missingInRecords }
    #expect(extra.map { $0.modelled?.kind } == [.publishStopped])
    #expect(extra.first?.modelled.map { VirtualTime.iso8601($0.time) } == "2026-04-20T10:03:00Z")
  }

  @Test func aWideToleranceAcceptsTheLateStop() throws {
    let late = """
      {"events": [{"name": "PUBLISH_STOPPED", "participantId": "guest", "eventTime": "2026-04-20T10:03:40Z"}]}
      """
    let session = try withoutEvent(
      try RecordFixtures.supportSession(extra: [late]), name: "PUBLISH_STOPPED",
      participant: "guest",
      at: "2026-04-20T10:03:00Z")
    #expect(
      try Explanation.make(session, file: "late", toleranceSeconds: 60).comparison.isReproduced)
  }

  @Test func contradictingPreviousTokenIsADivergence() throws {
    let contradicting = """
      {"events": [{"name": "TOKEN_EXCHANGED", "participantId": "guest", "eventTime": "2026-04-20T10:03:30Z",
        "previousToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "9"}},
        "newToken": {"capabilities": ["SUBSCRIBE"], "attributes": {"seat": "9"}}}]}
      """
    let session = try RecordFixtures.supportSession(extra: [contradicting])
    #expect(session.divergences.count == 1)
    let message = try #require(session.divergences.first?.description)
    #expect(
      message.hasPrefix("extra1.json: events[0]: TOKEN_EXCHANGED of guest at 2026-04-20T10:03:30Z"))
    #expect(message.contains("capabilities [PUBLISH, SUBSCRIBE] (before: [SUBSCRIBE])"))
    #expect(!(try Explanation.make(session, file: "c", toleranceSeconds: 5).isClean))
  }

  /// The session re-imported without one recorded event.
  private func withoutEvent(
    _ session: ImportedSession, name: String, participant: String, at time: String
  ) throws -> ImportedSession {
    var scenario = session.scenario
    guard case .array(let events)? = scenario.recorded else { return session }
    scenario.recorded = .array(
      events.filter {
        !($0["name"] == .string(name) && $0["participantId"] == .string(participant)
          && $0["eventTime"] == .string(time))
      })
    return try RecordImporter.session(fromScenario: scenario, file: "late")
  }
}
