import IVSRecords
import StageEngine
import Testing

/// `stagemon explain`: stale viewers named in the summary, divergences found.
@Suite struct ExplainTests {
  @Test func summaryNamesTheStaleViewersAndHowLong() throws {
    let explanation = try Explanation.make(
      try RecordFixtures.supportSession(), file: "support", toleranceSeconds: 5)
    #expect(explanation.isClean)
    // The revoke at 10:03 stops guest's publishing: carol and dave no longer show seat=2.
    #expect(!explanation.summary.contains { $0.contains("still show") })
    #expect(
      explanation.summary.contains(
        "viewers carol on android@1.36.0 and dave on web@1.32.0 showed seat=2 for guest instead"
          + " of seat=1 for 1m from 10:02:00Z until guest stopped publishing at 10:03:00Z: SDKs"
          + " before iOS/Android 1.37.0 and Web 1.33.0 learn new attributes only when the"
          + " publisher republishes or reconnects; never saw seat=1"))
    let moved = try #require(
      explanation.exchanges.first { $0.changes == ["attribute seat: 2 → 1"] })
    #expect(moved.sightings.map(\.verdict) == [.atOnce, .never, .never])
    #expect(
      moved.sightings.first?.text
        == "updated at once at 10:02:00Z (participantMetadataDidUpdate)")
    let upgrade = try #require(explanation.exchanges.first)
    #expect(
      upgrade.sightings.map(\.cause) == [
        .startedPublishing, .startedPublishing, .startedPublishing,
      ])
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

  /// Issue 29 item 5: `--json`'s `divergences` lists the events the summary counts as missing
  /// (it held only contradictions, and was empty beside "1 missing in the model").
  @Test func theJSONDivergencesAreWhatTheSummaryCounts() throws {
    let late = """
      {"events": [{"name": "PUBLISH_STOPPED", "participantId": "guest", "eventTime": "2026-04-20T10:03:40Z"}]}
      """
    let session = try withoutEvent(
      try RecordFixtures.supportSession(extra: [late]), name: "PUBLISH_STOPPED",
      participant: "guest", at: "2026-04-20T10:03:00Z")
    let explanation = try Explanation.make(session, file: "late", toleranceSeconds: 5)
    #expect(
      explanation.summary.contains {
        $0.contains("1 missing in the model, 1 missing in the records")
      },
      "\(explanation.summary)")
    guard case .array(let divergences)? = explanation.json["divergences"] else {
      Issue.record("no divergences in \(explanation.json)")
      return
    }
    #expect(
      divergences.map { $0["kind"] } == [.string("missingInRecords"), .string("missingInModel")])
    #expect(divergences.last?["time"] == .string("2026-04-20T10:03:40Z"))
    guard case .string(let text)? = divergences.last?["text"] else {
      Issue.record("no text in \(divergences)")
      return
    }
    #expect(text.hasPrefix("PUBLISH_STOPPED guest at 2026-04-20T10:03:40Z"), "\(text)")
    #expect(explanation.divergences.count == 2)
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
