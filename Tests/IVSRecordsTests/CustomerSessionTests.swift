import IVSRecords
import JSONKit
import StageEngine
import Testing

/// The customer folder of issue 19 explained with no flags: each "Why" of the issue is a
/// test here.
@Suite struct CustomerSessionTests {
  typealias F = CustomerFolder

  private func sightings(_ explanation: Explanation, of observer: String)
    -> [ExchangeStory.Sighting]
  {
    explanation.exchanges.flatMap { $0.sightings.filter { $0.observer == observer } }
  }

  @Test func eventsOnlyInputGivesEveryParticipantAnUnknownSDKAndRangesForStaleness() throws {
    let explanation = try F.explain { $0.contains(".events") }
    let sources = Dictionary(
      uniqueKeysWithValues: explanation.session.sdks.map { ($0.id, $0.source) })
    #expect(sources[F.host] == .unknown)
    #expect(sources[F.cohost] == .unknown)
    // Nobody said which SDKs ran: staleness is a range, never hidden behind iOS 1.37.0.
    let host = sightings(explanation, of: F.host)
    #expect(host.contains { $0.dependsOn != nil && $0.stale != nil })
    let ranged = try #require(host.first { $0.dependsOn != nil })
    #expect(
      ranged.text.hasPrefix(
        "stale 18:06:12Z–18:06:20Z if below Web 1.33.0 / mobile 1.37.0, else updated at once"))
    #expect(ranged.profile == "SDK not stated")
    let first = try #require(explanation.summary.first)
    #expect(first.contains("verdict(s) depend on SDK versions nobody stated"))
    #expect(first.contains("`--sdk \(F.host)=PLATFORM@VERSION` settles"))
    #expect(!explanation.isClean)
  }

  @Test func jsonCarriesTheSDKSourceOfEveryParticipant() throws {
    let json = try F.explain { $0.contains(".events") }.json
    let participants = try #require(json["participants"]?.arrayValue)
    #expect(participants.count == 5)
    #expect(participants.allSatisfy { $0["sdkSource"] == .string("unknown") })
    let exchanges = try #require(json["exchanges"]?.arrayValue)
    let dependent = exchanges.flatMap { $0["observers"]?.arrayValue ?? [] }
      .filter { $0["dependsOnSDK"] != nil }
    #expect(!dependent.isEmpty)
  }

  @Test func theFolderGivesRecordedSDKsAndRangesOnlyForTheEmptyVersion() throws {
    let explanation = try F.explain()
    let sdks = Dictionary(uniqueKeysWithValues: explanation.session.sdks.map { ($0.id, $0) })
    #expect(sdks[F.host]?.source == .records)
    #expect(sdks[F.host]?.profile.description == "web@1.32.0")
    #expect(sdks[F.iosViewer]?.profile.description == "ios@1.37.0")
    #expect(sdks[F.oldAndroid]?.source == .guessed)
    #expect(sdks[F.oldAndroid]?.shown == "android@(version not stated)")
    #expect(sdks[F.oldAndroid]?.threshold == "android 1.37.0")
    #expect(sightings(explanation, of: F.iosViewer).allSatisfy { $0.dependsOn == nil })
    #expect(sightings(explanation, of: F.host).allSatisfy { $0.dependsOn == nil })
    #expect(sightings(explanation, of: F.oldAndroid).contains { $0.dependsOn != nil })
  }

  @Test func anSDKThatCannotExchangeIsAFindingNotAUsageError() throws {
    let explanation = try F.explain()
    #expect(
      explanation.summary.first
        == "get-participant says android@1.36.0, but cT9rB4nY7eJs (jonas, role=viewer) exchanged "
        + "tokens 4 times, which android@1.36.0 cannot (exchangeToken needs iOS/Android 1.37.0 or "
        + "Web 1.33.0): the report is wrong or the app is not what the customer thinks; assumed "
        + "android@1.37.0; `--sdk cT9rB4nY7eJs=PLATFORM@VERSION` chooses another")
    #expect(explanation.exchanges.count == 4)
    #expect(!explanation.isClean)
    let chosen = try F.explain(sdks: ["\(F.cohost)=android@1.38.0"])
    #expect(chosen.session.findings.isEmpty)
  }
}

extension CustomerSessionTests {
  @Test func eventBridgeBesideListParticipantEventsIsOneEventEach() throws {
    let explanation = try F.explain(sdks: [
      "\(F.cohost)=android@1.37.0", "\(F.oldAndroid)=android@1.36.0",
    ])
    #expect(explanation.comparison.count(.missingInModel) == 0)
    #expect(explanation.comparison.count(.missingInRecords) == 0)
    #expect(!explanation.session.runnable.notes.contains { $0.contains("assumed joined") })
    #expect(
      explanation.session.runnable.notes.contains {
        $0.hasPrefix("4 EventBridge event(s) are the same events as ListParticipantEvents ones")
      })
    #expect(explanation.isClean)
  }

  @Test func anEventBridgeEventWithoutItsListParticipantEventIsKept() throws {
    let explanation = try F.explain(
      { $0 == "eventbridge.json" || $0.hasPrefix("get-") || $0.contains(F.iosViewer) })
    #expect(explanation.session.recorded.filter(\.viaEventBridge).count == 4)
  }
}

extension CustomerSessionTests {
  static let stated = ["\(F.cohost)=android@1.37.0", "\(F.oldAndroid)=android@1.36.0"]

  @Test func backToBackExchangesAreMeasuredAgainstTheValuesTrueAtEachMoment() throws {
    let summary = try F.explain(sdks: Self.stated).summary
    // Values that were correct then are not called stale: the last exchange unpublished at once.
    #expect(!summary.contains { $0.contains("instead of no lowerThird role=viewer seat=4") })
    let superseded: String =
      "viewers hQ3mX8vK2pLw on web@1.32.0 and aL6dF1gH3jKo on android@1.36.0 showed"
      + " lowerThird=Jonas Berg - Berlin for cT9rB4nY7eJs instead of lowerThird=Jonas Berg -"
      + " Guest of the week for 8s from 18:06:12Z: SDKs before iOS/Android 1.37.0 and Web"
      + " 1.33.0 learn new attributes only when the publisher republishes or reconnects;"
      + " cT9rB4nY7eJs exchanged again at 18:06:20Z before it saw lowerThird=Jonas Berg -"
      + " Guest of the week"
    #expect(summary.contains(superseded), "\(summary)")
    #expect(
      summary.contains {
        $0.contains(
          "showed lowerThird=Jonas Berg - Berlin seat=1 for cT9rB4nY7eJs instead of"
            + " lowerThird=Jonas Berg - Guest of the week seat=2 for 2m40s from 18:06:20Z")
      })
  }
}
