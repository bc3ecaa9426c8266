import IVSRecords
import IVSRules
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

  @Test func aWebBrowserGivenAMobileSDKIsAFindingAndTheExplanationGoesOn() throws {
    let explanation = try F.explain(sdks: [
      "\(F.cohost)=android@1.37.0", "\(F.host)=ios@1.37.0",
    ])
    #expect(
      explanation.summary.first
        == "get-participant says hQ3mX8vK2pLw (maria, role=host, name=Maria) runs in a Web browser"
        + " (browserName Google Chrome, sdkVersion 1.32.0), but `--sdk` says ios@1.37.0: the flag"
        + " or the records are wrong, or the app is not what the customer thinks; kept ios@1.37.0"
        + " (`--sdk`); its verdicts hold only if the flag is right")
    #expect(explanation.session.findings.count == 1)
    #expect(!explanation.isClean)
    #expect(explanation.exchanges.count == 4)
    #expect(
      explanation.session.sdks.first { $0.id == F.host }?.profile.description == "ios@1.37.0")
  }

  @Test func anIOSAppGivenTheWebSDKIsAFinding() throws {
    let explanation = try F.explain(sdks: [
      "\(F.cohost)=android@1.37.0", "\(F.iosViewer)=web@1.33.0",
    ])
    #expect(explanation.session.findings.count == 1)
    #expect(
      explanation.session.findings.first?.contains(
        "runs the iOS SDK (osName iOS, sdkVersion 1.37.0), but `--sdk` says web@1.33.0") == true)
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

  /// Issue 29 item 5: jonas is labelled by the token it held at each exchange (a viewer made
  /// co-host, then a co-host), not by the viewer token it ended the session with.
  @Test func eachExchangeLabelsTheParticipantAsItWasThen() throws {
    let explanation = try F.explain(sdks: Self.stated)
    let text = explanation.text
    for header in [
      "  2026-03-14T18:04:30Z cT9rB4nY7eJs (jonas, role=viewer) → cT9rB4nY7eJs (jonas, role=cohost)\n",
      "  2026-03-14T18:06:12Z cT9rB4nY7eJs (jonas, role=cohost)\n",
      "  2026-03-14T18:06:20Z cT9rB4nY7eJs (jonas, role=cohost)\n",
      "  2026-03-14T18:09:00Z cT9rB4nY7eJs (jonas, role=cohost) → cT9rB4nY7eJs (jonas, role=viewer)\n",
    ] {
      #expect(text.contains(header), "\(header)")
    }
    #expect(
      explanation.forCustomer.causes.first?.text.contains(
        "kept showing the old lowerThird, seat of cT9rB4nY7eJs (jonas, role=cohost) after") == true,
      "\(explanation.forCustomer.causes)")
  }

  /// Issue 29 item 5: "saw it at" is the recorded publish (or join) that told the observer,
  /// to the millisecond, not the model's second before it.
  @Test func sawItAtIsTheTimeOfThePublishThatToldIt() throws {
    let explanation = try F.explain(sdks: Self.stated)
    let upgrade = try #require(explanation.exchanges.first)
    let host = try #require(upgrade.sightings.first { $0.observer == F.host })
    #expect(
      host.text
        == "saw it at 18:04:30.950Z when cT9rB4nY7eJs started publishing (STAGE_PARTICIPANT_JOINED)"
    )
    #expect(host.json["at"] == .string("2026-03-14T18:04:30.950Z"))
    let late = try #require(
      explanation.exchanges.flatMap(\.sightings).first { $0.observer == F.lateWeb })
    #expect(
      late.text.hasPrefix("saw it at 18:08:00.400Z when wE4uR7tY0iPn joined after"), "\(late.text)")
    #expect(
      explanation.forCustomer.expected.first?.text.contains(
        "published (at 2026-03-14T18:04:30.950Z)")
        == true, "\(explanation.forCustomer.expected)")
  }

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
          "showed lowerThird=Jonas Berg - Berlin seat=1 for cT9rB4nY7eJs for 2m48s from"
            + " 18:06:12Z (since cT9rB4nY7eJs's earlier exchange), instead of lowerThird=Jonas"
            + " Berg - Guest of the week seat=2 from 18:06:20Z (2m40s)")
      }, "\(summary)")
  }
}

/// Items 4 and 5: the session's bounds and the pages that are missing.
extension CustomerSessionTests {
  /// The co-host's events of a session three days earlier, as a customer might add them.
  static let earlier = """
    {"events": [{"name": "LEFT", "participantId": "cT9rB4nY7eJs", "eventTime": "2026-03-11T09:40:00+00:00"},
                {"name": "JOINED", "participantId": "cT9rB4nY7eJs", "eventTime": "2026-03-11T09:30:00+00:00"}]}
    """

  private func read(allowingOthers: Bool, extra: [String]) throws -> RecordSet {
    var records = RecordSet()
    records.allowsOtherSessions = allowingOthers
    for file in F.files {
      try records.read(bytes: try RecordFixtures.bytes("customer-session/\(file)"), file: file)
    }
    for (index, text) in extra.enumerated() {
      try records.read(bytes: Array(text.utf8), file: "extra\(index + 1).json")
    }
    try records.checkSessionBounds()
    return records
  }

  @Test func aFileOfAnotherSessionIsRefusedWithItsName() throws {
    do {
      _ = try read(allowingOthers: false, extra: [Self.earlier])
      Issue.record("no error")
    } catch {
      #expect(
        "\(error)"
          == "extra1.json: 2 event(s) from 2026-03-11T09:30:00Z to 2026-03-11T09:40:00Z lie outside"
          + " the session st-4Hq8Zt2Lm9Wx (2026-03-14T18:00:00.104Z – 2026-03-14T18:12:10Z, from"
          + " get-stage-session.json): are they from another session? Leave the file out, or keep"
          + " it with --allow-other-sessions")
    }
  }

  @Test func anotherSessionIsKeptWhenAllowedAndTheTimelineHasDates() throws {
    let records = try read(allowingOthers: true, extra: [Self.earlier])
    #expect(records.issues.contains { $0.message.hasSuffix("kept (--allow-other-sessions)") })
    var options = ImportOptions()
    options.sdks = [(F.cohost, try SDKProfile(parsing: "android@1.37.0"))]
    let session = try RecordImporter.makeSession(from: records, options: options)
    let text = try Explanation.make(session, file: "x", toleranceSeconds: 5).text
    #expect(text.contains("  2026-03-11T09:30:00Z      reproduced"))
    #expect(text.contains("  2026-03-14T18:00:05.120Z  reproduced"))
  }

  @Test func anEventBridgeEventOfAnotherSessionIsRefused() {
    let other = """
      {"detail-type": "IVS Stage Update", "resources": ["arn:aws:ivs:eu-central-1:123456789012:stage/Xk29LmQp7RtV"],
       "detail": {"session_id": "st-OTHER", "event_name": "Participant Published",
                  "event_time": "2026-03-14T18:05:00Z", "participant_id": "x"}}
      """
    #expect(throws: RecordError.self) { try read(allowingOthers: false, extra: [other]) }
  }

  @Test func anUnansweredNextTokenIsNamedWithTheVerdictsItCanChange() throws {
    let explanation = try F.explain({ !$0.contains("page2") }, sdks: Self.stated)
    let pages = explanation.session.unansweredPages
    #expect(pages.map(\.participant) == [F.cohost])
    #expect(pages.first?.origin == "cT9rB4nY7eJs.events.json")
    #expect(
      explanation.summary.contains(
        "cT9rB4nY7eJs.events.json has a nextToken whose page is not among the inputs:"
          + " cT9rB4nY7eJs (jonas, role=viewer)'s events before 2026-03-14T18:06:12.200Z are"
          + " missing (fetch them with list-participant-events --next-token)"))
    #expect(explanation.summary.contains { $0.hasPrefix("the missing page of cT9rB4nY7eJs") })
    #expect(!explanation.isClean)
  }

  @Test func theSecondPageAnswersTheFirst() throws {
    #expect(try F.session(sdks: Self.stated).unansweredPages.isEmpty)
  }

  @Test func aFetchManifestBoundsTheSessionAndSaysWhenItIsIncomplete() throws {
    let manifest = """
      {"kind":"stagemon-fetch-manifest","version":1,"stageArn":"arn:aws:ivs:eu-central-1:123456789012:stage/Xk29LmQp7RtV","sessionId":"st-4Hq8Zt2Lm9Wx","fetchedAt":"2026-03-15T08:00:00Z","requestCount":9,"complete":false,"problems":["get-participant aL6dF1gH3jKo: ThrottlingException"]}
      """
    let explanation = try F.explain(extra: [manifest], sdks: Self.stated)
    #expect(
      explanation.summary.contains(
        "extra1.json: stagemon fetch says these records are incomplete: get-participant"
          + " aL6dF1gH3jKo: ThrottlingException"))
    #expect(!explanation.isClean)
    // Incomplete, it vouches for nothing; complete, it vouches for every page: "certain" is
    // then certain without "as far as the pages sent go".
    #expect(explanation.text.contains(CustomerAnswer.Certainty.unvouched))
    let complete = manifest.replacingOccurrences(
      of: "\"complete\":false", with: "\"complete\":true")
    let vouched = try F.explain(extra: [complete], sdks: Self.stated)
    #expect(vouched.text.contains("\n  - How sure: 4 observer(s) certain\n"))
    #expect(vouched.json["forCustomer"]?["certainty"]?["pagesVouched"] == .bool(true))
    let other = manifest.replacingOccurrences(of: "st-4Hq8Zt2Lm9Wx", with: "st-Other")
    #expect(throws: RecordError.self) { try F.session(extra: [other], sdks: Self.stated) }
  }
}

/// Item 7: inferences are labelled and stable under unrelated evidence.
extension CustomerSessionTests {
  private func publishAnswer(_ explanation: Explanation, at time: String) -> String? {
    explanation.exchanges.first { VirtualTime.iso8601($0.time) == time }?.strategy.first
  }

  @Test func theStrategyAnswerIsLabelledAsAnInference() throws {
    let explanation = try F.explain(sdks: Self.stated)
    #expect(
      publishAnswer(explanation, at: "2026-03-14T18:04:30Z")
        == "shouldPublishFromParticipant → yes (inferred from PUBLISH_STARTED 0.64 s later; not"
        + " recorded: IVS logs no strategy calls)")
  }

  @Test func anUnrelatedLatePublishDoesNotFlipTheAnswer() throws {
    // The host leaves and, four minutes after joining again, publishes of its own accord.
    let late = """
      {"events": [
        {"name": "PUBLISH_STARTED", "participantId": "hQ3mX8vK2pLw", "eventTime": "2026-03-14T18:10:40.100000+00:00"},
        {"name": "JOINED", "participantId": "hQ3mX8vK2pLw", "eventTime": "2026-03-14T18:06:40.000000+00:00"},
        {"name": "LEFT", "participantId": "hQ3mX8vK2pLw", "eventTime": "2026-03-14T18:06:30.000000+00:00"},
        {"name": "PUBLISH_STOPPED", "participantId": "hQ3mX8vK2pLw", "eventTime": "2026-03-14T18:06:30.000000+00:00"}]}
      """
    let before = try F.explain({ $0 != "eventbridge.json" }, sdks: Self.stated)
    let after = try F.explain({ $0 != "eventbridge.json" }, extra: [late], sdks: Self.stated)
    #expect(
      publishAnswer(after, at: "2026-03-14T18:04:30Z")
        == publishAnswer(before, at: "2026-03-14T18:04:30Z"))
    let host = try #require(after.session.inferredAnswers[F.host])
    #expect(host.values.map(\.publish).sorted { !$0 && $1 } == [false, true])
    #expect(
      host.values.contains {
        $0.evidence
          == "inferred: its next PUBLISH_STARTED came 240.1 s later, as a publish of its own"
      })
  }
}

/// Item 9: an answer for the customer, each rule with its source.
extension CustomerSessionTests {
  @Test func theCustomerSectionGivesCausesFixesAndWorkaroundsWithSources() throws {
    let explanation = try F.explain(sdks: Self.stated)
    let answer = explanation.forCustomer
    #expect(answer.causes.count == 2)
    #expect(
      answer.causes.first?.text.hasPrefix(
        "viewers on the Web SDK below 1.33.0 (hQ3mX8vK2pLw (maria, role=host, name=Maria))")
        == true)
    // Fixes are the advice of the rules behind the causes, each once, with its source.
    #expect(answer.fixes.map(\.rules) == [[.visibilityRepublishOnly]])
    #expect(answer.fixes.first?.text == RuleBook.ivs.rule(.visibilityRepublishOnly).advice?.text)
    #expect(answer.causes.allSatisfy { $0.rules == [.visibilityRepublishOnly] })
    #expect((answer.causes + answer.fixes).allSatisfy { !$0.source.isEmpty })
    #expect(
      explanation.text.contains(
        "\nFor the customer\n  - How sure: 4 observer(s) certain"
          + CustomerAnswer.Certainty.unvouched + "\n"))
    #expect(explanation.json["forCustomer"]?["certainty"]?["pagesVouched"] == .bool(false))
    #expect(explanation.text.contains("\n  - Cause: viewers on the Web SDK"))
    #expect(explanation.json["forCustomer"]?["fixes"]?.arrayValue?.count == 1)
  }

  @Test func nothingStaleMeansNoCauseOnlyTheExpectedBehaviour() throws {
    let explanation = try F.explain(
      sdks: [
        "\(F.cohost)=android@1.37.0", "\(F.host)=web@1.33.0", "\(F.oldAndroid)=android@1.37.0",
      ])
    #expect(explanation.forCustomer.causes.isEmpty)
    #expect(explanation.forCustomer.fixes.isEmpty)
    #expect(!explanation.text.contains("  - Cause:"))
    #expect(explanation.forCustomer.expected.map(\.rules) == [[.visibilityNotPublishingHeld]])
  }

}

/// Item 10: totals first, the worst first, error codes explained, replication's destination.
extension CustomerSessionTests {
  @Test func totalsComeBeforeTheWorstCases() throws {
    let summary = try F.explain(sdks: Self.stated).summary
    let totals = try #require(summary.firstIndex { $0.hasPrefix("stale views in all:") })
    #expect(
      summary[totals]
        == "stale views in all: 2 observer(s) affected, 5.6 stale observer-minutes; by exchange,"
        + " worst first: 18:06:20Z cT9rB4nY7eJs: 2 observer(s), 5.3 min; 18:06:12Z"
        + " cT9rB4nY7eJs: 2 observer(s), 0.3 min")
    #expect(summary[totals + 1].contains("for 2m48s from 18:06:12Z (since cT9rB4nY7eJs's"))
    #expect(summary[totals + 1].contains("from 18:06:20Z (2m40s)"))
    #expect(summary[totals + 2].contains("for 8s from 18:06:12Z"))
  }

  @Test func errorCodesAreExplainedAndReplicationShowsItsDestination() throws {
    var records = RecordSet()
    for file in ["constructed.token-exchanged.json", "list-participant-events.replication.json"] {
      var one = RecordSet()
      try one.read(bytes: try RecordFixtures.bytes("ivs-records/\(file)"), file: file)
      if file.hasPrefix("constructed") { records = one }
      let session = try RecordImporter.makeSession(from: one, options: ImportOptions())
      let text = try Explanation.make(session, file: file, toleranceSeconds: 5).text
      if file.hasPrefix("constructed") {
        #expect(
          text.contains(
            "  - INSUFFICIENT_CAPABILITIES: the app published (or subscribed) without that"
              + " capability in its token"))
      } else {
        #expect(
          text.contains(
            "REPLICATION_STARTED abCDEf12GHIj → stage arn:aws:ivs:us-west-2:12345678901:stage/"
              + "ABCDabcdefgh (st-b1c2d3e4f5g6a)"))
      }
    }
    #expect(records.events.contains { $0.errorCode == "INSUFFICIENT_CAPABILITIES" })
  }
}

/// Item 11: what-ifs, a composition the records lack and several SDKs in one report.
extension CustomerSessionTests {
  @Test func severalProfilesForOneParticipantAreVariants() throws {
    var options = ImportOptions()
    options.sdks = try ImportOptions.assignments(
      "\(F.oldAndroid)=android@1.36.0,android@1.37.0", option: "--sdk")
    options.sdks += try ImportOptions.assignments("\(F.cohost)=android@1.37.0", option: "--sdk")
    let variants = options.variants
    #expect(variants.count == 2)
    #expect(
      variants.map { $0.sdks.map(\.sdk.description) } == [
        ["android@1.36.0", "android@1.37.0"], ["android@1.37.0", "android@1.37.0"],
      ])
  }

  @Test func aWhatIfCompositionIsFollowedLikeAnyObserver() throws {
    var records = RecordSet()
    for file in F.files {
      try records.read(bytes: try RecordFixtures.bytes("customer-session/\(file)"), file: file)
    }
    var options = ImportOptions()
    options.sdks = try Self.stated.map { try ImportOptions.assignment($0, option: "--sdk") }
    options.composition = CompositionConfiguration(
      participantOrderAttribute: "seat", updates: .onReconnect)
    let session = try RecordImporter.makeSession(from: records, options: options)
    let explanation = try Explanation.make(session, file: "what-if", toleranceSeconds: 5)
    let staleComposition = { (e: Explanation) in
      e.exchanges.contains { $0.sightings.contains { $0.isComposition && $0.stale != nil } }
    }
    #expect(staleComposition(explanation))
    // No advice names a setting StartComposition does not have.
    #expect(!explanation.text.contains("live update policy"))
    #expect(
      explanation.forCustomer.fixes.contains {
        $0.text.hasPrefix("Since 2026-04-16 IVS moves composition layouts at once")
      })
    #expect(
      explanation.forCustomer.causes.contains {
        $0.text.hasPrefix("the composition (layout moved on republish or reconnect) (main)")
      })
    options.composition?.updates = .live
    let live = try Explanation.make(
      try RecordImporter.makeSession(from: records, options: options), file: "live",
      toleranceSeconds: 5)
    #expect(!staleComposition(live))
    let whatIf = WhatIf(label: "live", explanation: live)
    #expect(whatIf.lines.first?.hasPrefix("stale views in all: 2 observer(s)") == true)
  }
}

extension CustomerSessionTests {
  @Test func totalsCountOnlyCertainSpansAndNameTheConditionalOnes() throws {
    let summary = try F.explain(sdks: ["\(F.cohost)=android@1.37.0"]).summary
    let totals = try #require(summary.first { $0.hasPrefix("stale views in all:") })
    #expect(totals.hasPrefix("stale views in all: 1 observer(s) affected"))
    #expect(totals.hasSuffix("; 2 more span(s) only if an unstated SDK version is old (below)"))
  }
}
