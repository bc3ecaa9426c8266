import Foundation
import IVSRecords
import StageEngine
import Testing

/// `stagemon import`'s core: every example imports to a scenario that loads and runs, and
/// the constructed support session is reproduced event for event.
@Suite struct ImportTests {
  @Test(arguments: RecordFixtures.examples)
  func everyExampleImportsToAScenarioThatRuns(file: String) throws {
    var records = RecordSet()
    try records.read(bytes: try RecordFixtures.bytes("ivs-records/\(file)"), file: file)
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    let text = ScenarioEncoder.text(session.scenario)
    let reloaded = try Scenario(parsing: text, file: file, baseDirectory: "/")
    #expect(reloaded.participants.map(\.id) == session.scenario.participants.map(\.id))
    let comparison = try RecordComparison.run(session, file: file, toleranceSeconds: 5)
    #expect(comparison.count(.missingInModel) == 0, "\(comparison.entries)")
    #expect(comparison.count(.missingInRecords) == 0, "\(comparison.entries)")
  }

  @Test func constructedSessionIsReproducedEventForEvent() throws {
    let session = try RecordFixtures.supportSession()
    #expect(session.recorded.count == 27)
    #expect(session.scenario.notes.contains("2 exact duplicate event(s) dropped"))
    #expect(session.recorded.map(\.time) == session.recorded.map(\.time).sorted())
    let comparison = try RecordComparison.run(session, file: "support", toleranceSeconds: 5)
    #expect(comparison.count(.reproduced) == 27)
    #expect(comparison.isReproduced)
    #expect(session.divergences.isEmpty)
  }

  @Test func sharedTimestampsFollowTheEventsLogic() throws {
    let session = try RecordFixtures.supportSession()
    let guest = session.recorded.filter { $0.participantId == "guest" }.map(\.name)
    #expect(
      guest == [
        "JOINED", "SUBSCRIBE_STARTED", "TOKEN_EXCHANGED", "PUBLISH_STARTED", "TOKEN_EXCHANGED",
        "TOKEN_EXCHANGED", "PUBLISH_STOPPED", "SUBSCRIBE_STOPPED", "LEFT",
      ])
  }

  @Test func effectsOfEarlierStepsBecomeNoStep() throws {
    let session = try RecordFixtures.supportSession()
    let verbs = session.scenario.steps.filter { $0.participant == "guest" }.map(\.verb)
    #expect(verbs == ["join", "exchange", "exchange", "exchange", "leave"])
    let guest = try #require(session.scenario.participant("guest"))
    #expect(guest.strategy.publish == .always)
    #expect(try #require(session.scenario.participant("carol")).sdk.description == "android@1.36.0")
  }

  @Test func exchangeStepsCarryTheNewTokensClaims() throws {
    let session = try RecordFixtures.supportSession()
    let exchanges = session.scenario.steps.compactMap { step -> TokenMintSpec? in
      guard case .exchange(_, .mint(let spec)) = step else { return nil }
      return spec
    }
    #expect(exchanges.count == 3)
    #expect(exchanges[0].capabilities?.publish == true)
    #expect(exchanges[0].attributes?.map(\.value) == ["cohost", "2"])
    #expect(exchanges[0].userId == "u-42")
    #expect(exchanges[0].ttl == VirtualDuration(seconds: 12 * 3600 + 59 * 60))
    #expect(exchanges[2].capabilities?.publish == false)
  }

  @Test func guessedSDKsAreListed() throws {
    var records = RecordSet()
    for file in RecordFixtures.supportFiles {
      try records.read(bytes: try RecordFixtures.bytes("support-session/\(file)"), file: file)
    }
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    #expect(
      session.guessedSDKs.map { String($0.prefix(while: { $0 != ":" })) } == [
        "host", "guest", "carol", "dave",
      ])
    #expect(session.scenario.notes.first?.hasPrefix("SDK not stated for 4 participant(s)") == true)
  }

  @Test func getParticipantNamesTheBrowser() throws {
    var records = RecordSet()
    try records.read(bytes: try RecordFixtures.bytes("ivs-records/get-participant.json"), file: "p")
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    #expect(session.scenario.participants.first?.sdk.platform == .web)
  }

  @Test func observerIsAHypotheticalViewerPresentTheWholeSession() throws {
    var records = RecordSet()
    for file in RecordFixtures.supportFiles {
      try records.read(bytes: try RecordFixtures.bytes("support-session/\(file)"), file: file)
    }
    var options = ImportOptions()
    options.observers = [
      try ImportOptions.assignment("what-if=android@1.36.0", option: "--observer")
    ]
    let session = try RecordImporter.makeSession(from: records, options: options)
    #expect(
      session.scenario.steps.first.map { "\($0.verb) \($0.participant ?? "")" } == "join what-if")
    let comparison = try RecordComparison.run(session, file: "s", toleranceSeconds: 5)
    #expect(comparison.isReproduced)
    let explanation = try Explanation.make(session, file: "s", toleranceSeconds: 5)
    #expect(
      explanation.summary.contains {
        $0.hasPrefix("viewer what-if on android@1.36.0 showed seat=2 for guest instead of seat=1")
      })
  }

  @Test func importedScenarioReadsBackAndComparesTheSame() throws {
    let session = try RecordFixtures.supportSession()
    let text = ScenarioEncoder.text(session.scenario)
    let scenario = try Scenario(parsing: text, file: "s.json", baseDirectory: "/")
    let reread = try RecordImporter.session(fromScenario: scenario, file: "s.json")
    let summary = { (events: [RecordedEvent]) in
      events.map { "\($0.time) \($0.name) \($0.participantId)" }
    }
    #expect(summary(reread.recorded) == summary(session.recorded))
    #expect(reread.recorded.map(\.newToken) == session.recorded.map(\.newToken))
    #expect(try RecordComparison.run(reread, file: "s.json", toleranceSeconds: 5).isReproduced)
  }
}
