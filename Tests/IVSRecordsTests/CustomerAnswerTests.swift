import IVSRecords
import IVSRules
import JSONKit
import StageEngine
import Testing

/// "For the customer" from the rules only (issues 28 items 4 and 6, 29 item 4): what the
/// records say the app did, what was expected behaviour, every line with its rules.
@Suite struct CustomerAnswerTests {
  static func event(_ name: String, _ who: String, _ time: String, extra: String = "") -> String {
    #"{"name": "\#(name)", "participantId": "\#(who)", "eventTime": "2026-03-14T18:\#(time)Z"\#(extra)}"#
  }

  static func exchange(
    _ who: String, _ time: String, from old: String, to new: String, attributes: String = "{}",
    newAttributes: String = "{}"
  ) -> String {
    event(
      "TOKEN_EXCHANGED", who, time,
      extra: #", "previousToken": {"capabilities": \#(old), "attributes": \#(attributes)}"#
        + #", "newToken": {"capabilities": \#(new), "attributes": \#(newAttributes)}"#)
  }

  static func explain(_ events: [String], sdks: [String], more: [String] = []) throws
    -> Explanation
  {
    let records = try RecordFixtures.records(
      [#"{"events": ["# + events.joined(separator: ",") + "]}"] + more)
    var options = ImportOptions()
    for text in sdks { options.sdks.append(try ImportOptions.assignment(text, option: "--sdk")) }
    let session = try RecordImporter.makeSession(from: records, options: options)
    return try Explanation.make(session, file: "case", toleranceSeconds: 5)
  }

  @Test func aRefusedPublishRightAfterLosingPublishIsTheAppsAndGetsTheRulesFix() throws {
    let explanation = try Self.explain(
      [
        Self.event("JOINED", "seller", "00:00"), Self.event("PUBLISH_STARTED", "seller", "00:01"),
        Self.exchange("seller", "01:00", from: #"["PUBLISH","SUBSCRIBE"]"#, to: #"["SUBSCRIBE"]"#),
        Self.event("PUBLISH_STOPPED", "seller", "01:00"),
        Self.event(
          "PUBLISH_ERROR", "seller", "01:03", extra: #", "errorCode": "INSUFFICIENT_CAPABILITIES""#),
      ], sdks: ["seller=ios@1.37.0"])
    let answer = explanation.forCustomer
    #expect(
      answer.causes.map(\.text) == [
        "seller: PUBLISH_ERROR INSUFFICIENT_CAPABILITIES at 2026-03-14T18:01:03Z, 3s after an"
          + " exchange at 2026-03-14T18:01:00Z removed publish: the app tried to publish without"
          + " the publish capability"
      ])
    #expect(answer.causes.first?.rules == [.exchangePublishLost, .serverErrorCodes])
    #expect(
      answer.fixes.map(\.text) == [RuleBook.ivs.rule(.exchangePublishLost).advice?.text ?? "-"])
    #expect(explanation.text.contains("  - Fix: A PUBLISH_ERROR with INSUFFICIENT_CAPABILITIES"))
  }

  /// A guest promoted to seller while not publishing, publishing a minute later.
  static var promotedWhileNotPublishing: [String] {
    [
      event("JOINED", "viewer", "00:00"), event("JOINED", "guest", "00:05"),
      exchange(
        "guest", "01:00", from: #"["SUBSCRIBE"]"#, to: #"["PUBLISH","SUBSCRIBE"]"#,
        newAttributes: #"{"role": "seller"}"#),
      event("PUBLISH_STARTED", "guest", "02:00"), event("LEFT", "viewer", "03:00"),
      event("PUBLISH_STOPPED", "guest", "03:00"), event("LEFT", "guest", "03:00"),
    ]
  }

  @Test func aChangeWhileNotPublishingIsExpectedBehaviour() throws {
    let explanation = try Self.explain(
      Self.promotedWhileNotPublishing, sdks: ["viewer=web@1.32.0", "guest=android@1.37.0"])
    let answer = explanation.forCustomer
    #expect(answer.causes.isEmpty)
    #expect(answer.expected.first?.rules == [.visibilityNotPublishingHeld])
    #expect(
      answer.expected.first?.text.hasPrefix(
        "guest exchanged at 2026-03-14T18:01:00Z while not publishing: nobody showed old values;"
          + " observers got the new values when guest (role=seller) published") == true)
    #expect(
      explanation.text.contains(
        "\nFor the customer\n  - How sure: 1 observer(s) certain"
          + CustomerAnswer.Certainty.unvouched + "\n  - Expected: guest exchanged"))
  }

  /// "Nobody showed old values" only where every verdict is certain: an observer whose events
  /// before the exchange are on a page not sent is unknown, and the answer says so and what
  /// would settle it (issue 29 item 3).
  @Test func anUnknownVerdictIsNoCertainNobody() throws {
    let explanation = try Self.explain(
      Self.promotedWhileNotPublishing,
      sdks: ["viewer=web@1.32.0", "guest=android@1.37.0", "late=web@1.32.0"],
      more: [
        #"{"events": ["# + Self.event("LEFT", "late", "03:00") + ","
          + Self.event(
            "SUBSCRIBE_STARTED", "late", "02:01", extra: #", "remoteParticipantId": "guest""#)
          + #"], "nextToken": "older"}"#
      ])
    let answer = explanation.forCustomer
    #expect(answer.certainty.certain == ["viewer"])
    #expect(answer.certainty.unknown == ["late"])
    #expect(answer.certainty.settledBy.first?.contains("--next-token") == true)
    let expected = try #require(answer.expected.first?.text)
    #expect(!expected.contains("nobody"))
    #expect(
      expected.hasPrefix(
        "guest exchanged at 2026-03-14T18:01:00Z while not publishing: 1 observer(s) certainly"
          + " showed no old values and got the new values when guest (role=seller) published"))
    #expect(expected.contains("; whether the other 1 did is not known (How sure, above)."))
    #expect(
      explanation.text.contains(
        "\nFor the customer\n  - How sure: 1 observer(s) certain"
          + CustomerAnswer.Certainty.unvouched + "; 1 unknown (late), until what"
          + " each reason names settles it: late's events before"))
    #expect(explanation.json["forCustomer"]?["certainty"]?["unknown"]?.arrayValue?.count == 1)
  }

  @Test func everyVerdictNamesItsRulesAndWebSaysWhatAnOldValueMeans() throws {
    let explanation = try Self.explain(
      [
        Self.event("JOINED", "viewer", "00:00"), Self.event("JOINED", "host", "00:05"),
        Self.event("PUBLISH_STARTED", "host", "00:06"),
        Self.exchange(
          "host", "01:00", from: #"["PUBLISH","SUBSCRIBE"]"#, to: #"["PUBLISH","SUBSCRIBE"]"#,
          newAttributes: #"{"role": "seller"}"#),
      ], sdks: ["viewer=web@1.33.0", "host=ios@1.37.0"])
    let sighting = try #require(explanation.exchanges.first?.sightings.first)
    #expect(sighting.verdict == .atOnce)
    #expect(sighting.rules == [.visibilityMetadataEventWeb])
    let observers = explanation.json["exchanges"]?.arrayValue?.first?["observers"]?.arrayValue
    #expect(observers?.first?["rules"] == .array([.string("visibility.metadata-event.web")]))
    #expect(
      explanation.text.contains(
        "[rules: visibility.metadata-event.web]\n      If a Web 1.33.0+ viewer still shows the"
          + " old values, the app does not handle STAGE_PARTICIPANT_METADATA_CHANGED"))
  }
}

/// A verdict that rests on a subscription the observer's whole records do not hold is unknown
/// (findings 101837, 102103).
extension CustomerAnswerTests {
  /// A subscription's `remoteParticipantId`: the host.
  static let toHost = #", "remoteParticipantId": "host""#

  /// A host publishing from the start and a viewer joined and subscribed to it a second later.
  static var hostWatchedByViewer: [String] {
    [
      event("JOINED", "host", "00:00"), event("PUBLISH_STARTED", "host", "00:00.100"),
      event("JOINED", "viewer", "00:01"),
      event("SUBSCRIBE_STARTED", "viewer", "00:01.100", extra: toHost),
    ]
  }

  @Test func aSubscriptionTheObserversRecordsLackLeavesItsVerdictUnknown() throws {
    let explanation = try Self.explain(
      Self.hostWatchedByViewer + [
        Self.event("JOINED", "guest", "00:05"),
        Self.exchange(
          "guest", "01:00", from: #"["SUBSCRIBE"]"#, to: #"["PUBLISH","SUBSCRIBE"]"#,
          newAttributes: #"{"role": "seller"}"#),
        Self.event("PUBLISH_STARTED", "guest", "01:00.200"),
        // The viewer leaves before subscribing to the guest: its records have no such start.
        Self.event("SUBSCRIBE_STOPPED", "viewer", "01:00.800", extra: Self.toHost),
        Self.event("LEFT", "viewer", "01:00.900"), Self.event("PUBLISH_STOPPED", "guest", "03:00"),
        Self.event("LEFT", "guest", "03:00"), Self.event("PUBLISH_STOPPED", "host", "03:00"),
        Self.event("LEFT", "host", "03:00"),
      ], sdks: ["viewer=web@1.34.0", "guest=android@1.37.0", "host=web@1.34.0"])
    let story = try #require(explanation.exchanges.first { $0.participant == "guest" })
    let sighting = try #require(story.sightings.first { $0.observer == "viewer" })
    #expect(sighting.unsettledBy?.hasPrefix("the model has viewer subscribe to guest at") == true)
    #expect(sighting.staleBounds?.atLeast == 0)
    // The summary says what the totals count as unknown (finding 238039-totals).
    #expect(
      explanation.summary.contains {
        $0.hasPrefix(
          "1 verdict(s) about what viewer showed are unknown: the model and its own records"
            + " differ on what it subscribed to")
      }, "\(explanation.summary)")
  }
}

extension CustomerAnswerTests {
  /// The viewer's records stop its subscription to the host half a minute before the host's
  /// exchange, while the host's own events (a page of them left out) keep it publishing: the
  /// model cannot follow the stop, so whether the viewer still watched the host is unknown,
  /// never "stale" (finding 3007941).
  @Test func aSubscriptionStopTheModelCannotFollowLeavesItsVerdictUnknown() throws {
    func explain(stop: [String]) throws -> ExchangeStory.Sighting {
      let explanation = try Self.explain(
        Self.hostWatchedByViewer + stop + [
          Self.exchange(
            "host", "01:00", from: #"["PUBLISH","SUBSCRIBE"]"#, to: #"["PUBLISH","SUBSCRIBE"]"#,
            newAttributes: #"{"seat": "2"}"#),
          Self.event("PUBLISH_STOPPED", "host", "02:00"), Self.event("LEFT", "host", "02:00"),
          Self.event("LEFT", "viewer", "03:00"),
        ], sdks: ["viewer=web@1.32.0", "host=web@1.34.0"])
      let story = try #require(explanation.exchanges.first { $0.participant == "host" })
      return try #require(story.sightings.first { $0.observer == "viewer" })
    }
    let watching = try explain(
      stop: [Self.event("SUBSCRIBE_STOPPED", "viewer", "02:00.100", extra: Self.toHost)])
    #expect(watching.stale != nil && watching.unsettledBy == nil)
    let stopped = [Self.event("SUBSCRIBE_STOPPED", "viewer", "00:30", extra: Self.toHost)]
    let sighting = try explain(stop: stopped)
    #expect(
      sighting.unsettledBy?.hasPrefix(
        "its own records stop its subscription to host at 2026-03-14T18:00:30Z, which the"
          + " model could not follow") == true)
    #expect(sighting.staleBounds?.atLeast == 0)
  }
}

/// A change while not publishing that is never published (issue 29 case 4, qa's audit c4).
extension CustomerAnswerTests {
  /// Held until it publishes, and it never did: expected behaviour, said as such.
  @Test func aChangeNeverPublishedIsHeldAndSaidSo() throws {
    let explanation = try Self.explain(
      Self.hostWatchedByViewer + [
        Self.exchange(
          "viewer", "01:00", from: #"["SUBSCRIBE"]"#, to: #"["SUBSCRIBE"]"#,
          newAttributes: #"{"name": "Vic"}"#),
        Self.event("SUBSCRIBE_STOPPED", "viewer", "03:00", extra: Self.toHost),
        Self.event("LEFT", "viewer", "03:00.100"), Self.event("PUBLISH_STOPPED", "host", "03:01"),
        Self.event("LEFT", "host", "03:01.100"),
      ], sdks: ["viewer=ios@1.37.0", "host=web@1.34.0"])
    let answer = explanation.forCustomer
    #expect(answer.causes.isEmpty)
    #expect(answer.certainty.unknown.isEmpty)
    #expect(answer.expected.map(\.rules) == [[.visibilityNotPublishingHeld]])
    #expect(
      answer.expected.first?.text.hasPrefix(
        "viewer exchanged at 2026-03-14T18:01:00Z while not publishing: nobody showed"
          + " old values, and nobody was shown the new ones: it did not publish while they were on"
          + " the stage, and IVS holds the new values until it publishes.") == true,
      "\(answer.expected)")
  }
}

/// Who kept showing whose old values: each participant named once, as it was at its first
/// exchange that left someone stale, however its label changed after.
extension CustomerAnswerTests {
  @Test func aCauseNamesAParticipantOnceHoweverItsLabelChanged() throws {
    let explanation = try Self.explain(
      Self.hostWatchedByViewer + [
        Self.exchange(
          "host", "01:00", from: #"["PUBLISH","SUBSCRIBE"]"#, to: #"["PUBLISH","SUBSCRIBE"]"#,
          attributes: #"{"role": "host"}"#, newAttributes: #"{"role": "seller"}"#),
        Self.exchange(
          "host", "02:00", from: #"["PUBLISH","SUBSCRIBE"]"#, to: #"["PUBLISH","SUBSCRIBE"]"#,
          attributes: #"{"role": "seller"}"#, newAttributes: #"{"role": "guest"}"#),
        Self.event("PUBLISH_STOPPED", "host", "03:00"),
        Self.event("SUBSCRIBE_STOPPED", "viewer", "03:00.100", extra: Self.toHost),
        Self.event("LEFT", "host", "03:00.200"), Self.event("LEFT", "viewer", "03:01"),
      ], sdks: ["viewer=android@1.36.0", "host=ios@1.37.0"])
    let cause = try #require(explanation.forCustomer.causes.first?.text)
    #expect(cause.components(separatedBy: "host (").count == 2, "\(cause)")
    #expect(cause.contains(" of host (role=host) after a token exchange"), "\(cause)")
  }
}
