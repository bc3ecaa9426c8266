import IVSRecords
import IVSRules
import JSONKit
import StageEngine
import Testing

/// `explain` follows each exchange to the end of the run: for every observer and the
/// composition, updated at once, STALE until a republish or reconnect, never, or superseded.
@Suite struct ExchangeFollowTests {
  /// One way a run goes on after guest (publishing, seat=3) exchanges to seat=2 at 12:00:10.
  struct Case: CustomTestStringConvertible, Sendable {
    let label: String
    /// Steps between the joins and the exchange.
    var before = ""
    /// Steps after the exchange.
    let after: String
    let observer: String
    let verdict: ExchangeStory.Sighting.Verdict
    var at: String? = nil
    var cause: ExchangeStory.Sighting.Cause? = nil
    var staleEnd: ExchangeStory.Sighting.Staleness.End? = nil
    var staleUntil: String? = nil
    /// Whether the summary says the observer still shows old values (default: when the
    /// span lasts to the end; a superseded span goes on under the next exchange).
    var stillAtEnd: Bool? = nil
    /// A sentence the summary must hold.
    var summary: String? = nil
    var testDescription: String { label }
  }

  static let cases: [Case] = [
    Case(
      label: "at once, iOS 1.37.0", after: #"{"advance": "20s"}"#, observer: "host",
      verdict: .atOnce, at: "2026-01-01T12:00:10Z"),
    Case(
      label: "at once, live composition",
      before: #"{"setCompositionUpdates": "main", "updates": "live"},"#,
      after: #"{"advance": "20s"}"#, observer: "main", verdict: .atOnce,
      at: "2026-01-01T12:00:10Z"),
    Case(
      label: "late via republish",
      after: #"{"advance": "20s"}, {"unpublish": "guest"}, {"publish": "guest"}"#,
      observer: "carol", verdict: .later, at: "2026-01-01T12:00:30Z", cause: .republished,
      staleEnd: .participantStopped, staleUntil: "2026-01-01T12:00:30Z",
      summary:
        "viewer carol on android@1.36.0 showed seat=3 for guest instead of seat=2 for 20s from"
        + " 12:00:10Z until guest stopped publishing at 12:00:30Z"),
    Case(
      label: "late via republish, on-reconnect composition",
      after:
        #"{"advance": "20s"}, {"unpublish": "guest"}, {"advance": "5s"}, {"publish": "guest"}"#,
      observer: "main", verdict: .later, at: "2026-01-01T12:00:35Z", cause: .republished,
      staleEnd: .participantStopped, staleUntil: "2026-01-01T12:00:30Z",
      summary: "the composition main showed seat=3 for guest instead of seat=2 for 20s"),
    Case(
      label: "late via reconnect", after: #"{"advance": "20s"}, {"reconnect": "guest"}"#,
      observer: "carol", verdict: .later, at: "2026-01-01T12:00:30Z", cause: .reconnected,
      staleEnd: .participantStopped, staleUntil: "2026-01-01T12:00:30Z",
      summary: "saw seat=2 at 12:00:30Z when guest left and joined again"),
    Case(
      label: "late via the SDK's reconnection",
      after: #"{"advance": "20s"}, {"networkDrop": "guest"}"#,
      observer: "carol", verdict: .later, at: "2026-01-01T12:00:30Z", cause: .networkDrop,
      staleEnd: .participantStopped),
    Case(
      label: "late when the viewer rejoins", after: #"{"advance": "20s"}, {"reconnect": "carol"}"#,
      observer: "carol", verdict: .later, at: "2026-01-01T12:00:30Z", cause: .observerRejoined,
      staleEnd: .observerLeft, staleUntil: "2026-01-01T12:00:30Z"),
    Case(
      label: "late when it starts publishing", before: #"{"unpublish": "guest"},"#,
      after: #"{"advance": "20s"}, {"publish": "guest"}"#, observer: "carol", verdict: .later,
      at: "2026-01-01T12:00:30Z", cause: .startedPublishing),
    Case(
      label: "late: a viewer that joins after the exchange",
      after: #"{"advance": "20s"}, {"join": "dave"}"#, observer: "dave", verdict: .later,
      at: "2026-01-01T12:00:30Z", cause: .joinedAfterExchange),
    Case(
      label: "late: a viewer that joins after the exchange, before the publish",
      before: #"{"unpublish": "guest"},"#,
      after: #"{"advance": "20s"}, {"join": "dave"}, {"advance": "5s"}, {"publish": "guest"}"#,
      observer: "dave", verdict: .later, at: "2026-01-01T12:00:35Z", cause: .startedPublishing),
    Case(
      label: "never: a viewer that joins after the exchange, with no publish",
      before: #"{"unpublish": "guest"},"#, after: #"{"advance": "20s"}, {"join": "dave"}"#,
      observer: "dave", verdict: .never),
    Case(
      label: "never: stale to the end", after: #"{"advance": "20s"}"#, observer: "carol",
      verdict: .never, staleEnd: .sessionEnded, staleUntil: "2026-01-01T12:00:30Z",
      summary:
        "viewer carol on android@1.36.0 still shows seat=3 for guest instead of seat=2"
        + " (stale since 12:00:10Z)"),
    Case(
      label: "never: stopped publishing",
      after: #"{"advance": "20s"}, {"unpublish": "guest"}, {"advance": "1m"}"#,
      observer: "carol", verdict: .never, staleEnd: .participantStopped,
      staleUntil: "2026-01-01T12:00:30Z",
      summary: "until guest stopped publishing at 12:00:30Z: SDKs before iOS/Android 1.37.0"),
    Case(
      label: "never: the composition stopped",
      after: #"{"advance": "20s"}, {"stopComposition": "main"}"#,
      observer: "main", verdict: .never, staleEnd: .compositionStopped,
      staleUntil: "2026-01-01T12:00:30Z"),
    Case(
      label: "superseded",
      after: #"{"advance": "5s"}, {"exchange": "guest", "token": {"attributes": {"seat": "1"}}}"#,
      observer: "carol", verdict: .superseded, at: "2026-01-01T12:00:15Z", staleEnd: .superseded,
      staleUntil: "2026-01-01T12:00:15Z", stillAtEnd: true),
  ]

  /// Host (iOS 1.37.0) and guest publish, carol (Android 1.36.0) watches, composition `main`
  /// (on-reconnect) lays them out; guest exchanges seat=3 for seat=2 after 10 s. Dave (Web
  /// 1.32.0) joins only where a case's steps say so.
  static func session(before: String, after: String) throws -> ImportedSession {
    let text = """
      {"start": "2026-01-01T12:00:00Z", "recorded": [],
       "composition": {"participantOrderAttribute": "seat", "updates": "on-reconnect"},
       "participants": [
         {"id": "host", "sdk": "ios@1.37.0", "capabilities": ["publish", "subscribe"]},
         {"id": "guest", "sdk": "android@1.37.0", "capabilities": ["publish", "subscribe"],
          "attributes": {"seat": "3"}},
         {"id": "carol", "sdk": "android@1.36.0", "capabilities": ["subscribe"]},
         {"id": "dave", "sdk": "web@1.32.0", "capabilities": ["subscribe"]}],
       "steps": [{"join": "host"}, {"join": "guest"}, {"join": "carol"}, \(before)
         {"advance": "10s"}, {"exchange": "guest", "token": {"attributes": {"seat": "2"}}},
         \(after)]}
      """
    let scenario = try Scenario(parsing: text, file: "follow.json", baseDirectory: "/")
    return try RecordImporter.session(fromScenario: scenario, file: "follow.json")
  }

  @Test(arguments: cases)
  func eachObserverIsFollowedToTheEndOfTheRun(_ example: Case) throws {
    let explanation = try Explanation.make(
      try Self.session(before: example.before, after: example.after), file: "follow.json",
      toleranceSeconds: 5)
    let story = try #require(explanation.exchanges.first { $0.changesMetadata })
    #expect(story.changes.first == "attribute seat: 3 → 2")
    let sighting = try #require(story.sightings.first { $0.observer == example.observer })
    #expect(sighting.verdict == example.verdict)
    #expect(sighting.time.map(VirtualTime.iso8601) == example.at)
    #expect(sighting.cause == example.cause)
    #expect(sighting.stale?.end == example.staleEnd)
    if let until = example.staleUntil {
      #expect(sighting.stale.map { VirtualTime.iso8601($0.until) } == until)
      #expect(sighting.stale.map { VirtualTime.iso8601($0.from) } == "2026-01-01T12:00:10Z")
    }
    let stillShows = explanation.summary.contains {
      $0.contains("still show") && $0.contains(" \(example.observer) ")
    }
    #expect(stillShows == example.stillAtEnd ?? (example.staleEnd == .sessionEnded))
    if let sentence = example.summary {
      #expect(explanation.summary.contains { $0.contains(sentence) }, "\(explanation.summary)")
    }
  }

  @Test func aSupersededSpanGoesOnUnderTheNextExchange() throws {
    let explanation = try Explanation.make(
      try Self.session(
        before: "",
        after:
          #"{"advance": "5s"}, {"exchange": "guest", "token": {"attributes": {"seat": "1"}}}, {"advance": "5s"}"#
      ), file: "follow.json", toleranceSeconds: 5)
    #expect(explanation.exchanges.count == 2)
    let first = try #require(
      explanation.exchanges.first?.sightings.first { $0.observer == "carol" })
    #expect(
      first.text
        == "STALE from 12:00:10Z for 5s, showing seat=3 instead of seat=2; superseded at 12:00:15Z"
        + " by guest's next exchange before carol was told")
    let last = try #require(explanation.exchanges.last?.sightings.first { $0.observer == "carol" })
    #expect(last.verdict == .never)
    #expect(last.stale.map { VirtualTime.iso8601($0.from) } == "2026-01-01T12:00:10Z")
    // Stale against seat=1 only from the exchange that set it (issue 19 item 6).
    #expect(last.stale.map { VirtualTime.iso8601($0.since) } == "2026-01-01T12:00:15Z")
    #expect(last.stale?.seconds == 5)
    let still = explanation.summary.filter { $0.contains("still shows") && $0.contains("carol") }
    #expect(
      still.first?.hasPrefix(
        "viewer carol on android@1.36.0 still shows seat=3 for guest instead of seat=1 (stale since 12:00:10Z)"
      )
        == true)
    #expect(still.count == 1)
  }

  /// Issue 29 item 5: carol (Android 1.36.0) keeps seat=3 across two exchanges 3m30s apart
  /// until guest stops publishing 5m10s after the second: stale since the first (8m40s), not
  /// "from the second exchange for 5m10s"; her total is 8m40s in the text and in `--json`.
  @Test func aViewerStaleAcrossBackToBackExchangesIsStaleSinceTheFirst() throws {
    let explanation = try Explanation.make(
      try Self.session(
        before: "",
        after:
          #"{"advance": "3m30s"}, {"exchange": "guest", "token": {"attributes": {"seat": "1"}}}, {"advance": "5m10s"}, {"unpublish": "guest"}, {"advance": "1m"}"#
      ), file: "follow.json", toleranceSeconds: 5)
    let last = try #require(explanation.exchanges.last?.sightings.first { $0.observer == "carol" })
    #expect(
      last.text.hasPrefix(
        "STALE from 12:00:10Z for 8m40s (since guest's earlier exchange), showing seat=3 instead"
          + " of seat=1 from 12:03:40Z (5m10s), until guest stopped publishing at 12:08:50Z"),
      "\(last.text)")
    #expect(last.stale?.seconds == 310)
    #expect(last.stale?.totalSeconds == 520)
    #expect(last.json["stale"]?["totalSeconds"] == .integer(520))
    #expect(last.json["stale"]?["seconds"] == .integer(310))
    #expect(
      explanation.summary.contains {
        $0.contains("showed seat=3 for guest for 8m40s from 12:00:10Z (since guest's earlier")
      }, "\(explanation.summary)")
    #expect(
      explanation.summary.contains {
        $0.hasPrefix("stale time by observer, back-to-back exchanges joined:")
          && $0.contains(
            "carol on android@1.36.0 8m40s (guest 12:00:10Z–12:08:50Z) [rules:"
              + " visibility.republish-only]")
      }, "\(explanation.summary)")
    guard case .array(let totals)? = explanation.json["staleTimeByObserver"] else {
      Issue.record("no staleTimeByObserver in \(explanation.json)")
      return
    }
    let carol = try #require(totals.first { $0["observer"] == .string("carol") })
    #expect(carol["seconds"] == .integer(520))
    #expect(carol["rules"] == .array([.string("visibility.republish-only")]))
    guard case .array(let spans)? = carol["spans"] else {
      Issue.record("no spans in \(carol)")
      return
    }
    #expect(spans.count == 1)
    #expect(spans.first?["from"] == .string("2026-01-01T12:00:10Z"))
    #expect(spans.first?["until"] == .string("2026-01-01T12:08:50Z"))
  }

  /// Oracle finding F1 (seed 18): an exchange back to the values an observer still shows
  /// ends its stale span; it is not carried on as stale against values it shows.
  @Test func anExchangeBackToTheShownValuesEndsTheStaleSpan() throws {
    let explanation = try Explanation.make(
      try Self.session(
        before: "",
        after:
          #"{"advance": "2s"}, {"exchange": "guest", "token": {"attributes": {"seat": "3"}}}, {"advance": "5m"}"#
      ), file: "follow.json", toleranceSeconds: 5)
    let last = try #require(explanation.exchanges.last?.sightings.first { $0.observer == "carol" })
    #expect(last.stale == nil, "\(last.text)")
    // Shown from the exchange on, told by nothing (findings 20208, 20281): not "saw it" at a
    // later publish or join.
    #expect(last.verdict == .atOnce)
    #expect(last.cause == .alreadyShown)
    #expect(last.time.map(VirtualTime.iso8601) == "2026-01-01T12:00:12Z")
    #expect(last.rules == [.visibilityRepublishOnly])
    #expect(
      last.text
        == "showed them from 12:00:12Z: it still showed them from before guest's previous exchange, which it was never told"
    )
    let first = try #require(
      explanation.exchanges.first?.sightings.first { $0.observer == "carol" })
    #expect(first.stale?.seconds == 2)
    #expect(!explanation.summary.contains { $0.contains("instead of seat=3") })
  }

  /// Issue 29 item 4: an exchange while not publishing is held silently on every SDK; an
  /// observer that never saw the participant publish never saw the values, by that rule.
  @Test func neverSeeingAParticipantThatDidNotPublishIsTheHeldRule() throws {
    let explanation = try Explanation.make(
      try Self.session(before: #"{"unpublish": "guest"},"#, after: #"{"advance": "20s"}"#),
      file: "follow.json", toleranceSeconds: 5)
    let story = try #require(explanation.exchanges.first { $0.changesMetadata })
    for observer in ["host", "carol"] {
      let sighting = try #require(story.sightings.first { $0.observer == observer })
      #expect(sighting.verdict == .never)
      #expect(sighting.rules == [.visibilityNotPublishingHeld], "\(observer)")
      #expect(
        sighting.text.hasPrefix("never saw it: guest did not publish while \(observer) was on"),
        "\(sighting.text)")
    }
  }

  @Test func aViewerJoiningAfterTheExchangeIsFollowedOnceAfterTheOthers() throws {
    let explanation = try Explanation.make(
      try Self.session(
        before: "",
        after: #"{"advance": "20s"}, {"join": "dave"}, {"leave": "dave"}, {"join": "dave"}"#),
      file: "follow.json", toleranceSeconds: 5)
    let story = try #require(explanation.exchanges.first { $0.changesMetadata })
    #expect(story.sightings.map(\.observer) == ["host", "carol", "main", "dave"])
    let dave = try #require(story.sightings.last)
    #expect(
      dave.text
        == "saw it at 12:00:30Z when dave joined after the exchange (STAGE_PARTICIPANT_JOINED)")
    #expect(!explanation.summary.contains { $0.contains("dave") }, "\(explanation.summary)")
  }

  @Test func theSightingIsInTheJSON() throws {
    let explanation = try Explanation.make(
      try Self.session(before: "", after: #"{"advance": "20s"}, {"reconnect": "guest"}"#),
      file: "follow.json", toleranceSeconds: 5)
    guard case .array(let exchanges)? = explanation.json["exchanges"],
      case .array(let observers)? = exchanges.first?["observers"]
    else {
      Issue.record("no exchanges with observers in \(explanation.json)")
      return
    }
    #expect(exchanges.first?["setsUserIdOrAttributes"] == .bool(true))
    let carol = try #require(observers.first { $0["observer"] == .string("carol") })
    #expect(carol["saw"] == .string("later"))
    #expect(carol["cause"] == .string("reconnected"))
    #expect(carol["at"] == .string("2026-01-01T12:00:30Z"))
    #expect(carol["event"] == .string("onParticipantJoined"))
    #expect(carol["stale"]?["from"] == .string("2026-01-01T12:00:10Z"))
    #expect(carol["stale"]?["seconds"] == .integer(20))
    #expect(carol["stale"]?["ended"] == .string("participantStopped"))
    #expect(carol["stale"]?["believed"]?["attributes"]?["seat"] == .string("3"))
  }

  @Test func anExchangeOfCapabilitiesOnlyTellsWhoSawThePublishChange() throws {
    let explanation = try Explanation.make(
      try Self.session(
        before: "",
        after:
          #"{"advance": "5s"}, {"exchange": "guest", "token": {"capabilities": ["subscribe"]}}"#),
      file: "follow.json", toleranceSeconds: 5)
    let revoke = try #require(explanation.exchanges.last)
    #expect(!revoke.changesMetadata)
    #expect(revoke.sightings.map(\.verdict) == [.stoppedPublishing, .stoppedPublishing])
    #expect(revoke.sightings.map(\.observer) == ["host", "carol"])
    let carol = try #require(
      explanation.exchanges.first?.sightings.first { $0.observer == "carol" })
    #expect(carol.stale?.end == .participantStopped)
    #expect(carol.verdict == .never)
  }
}
