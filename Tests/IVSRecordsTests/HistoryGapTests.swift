import Testing

@testable import IVSRecords

/// A page of a participant's events left out between two others leaves no `nextToken`
/// unanswered; two events that cannot follow each other show it, and the verdicts that reach
/// into it are unknown (oracle findings 1156, 1210, 1500, 1912, 2084, 2229).
@Suite struct HistoryGapTests {
  /// The viewer's pages 1 and 3: page 2 (its LEFT and JOINED again) is missing.
  static let newer = """
    {"events": [
      {"name": "LEFT", "participantId": "viewer", "eventTime": "2026-03-14T18:20:00.300Z"},
      {"name": "SUBSCRIBE_STOPPED", "participantId": "viewer", "remoteParticipantId": "host",
       "eventTime": "2026-03-14T18:20:00.200Z"},
      {"name": "SUBSCRIBE_STARTED", "participantId": "viewer", "remoteParticipantId": "host",
       "eventTime": "2026-03-14T18:15:00.100Z"}],
     "nextToken": "AYABeCdEfGhIjKlMnOpQrStUvWxYz0123456789"}
    """
  static let older = """
    {"events": [
      {"name": "SUBSCRIBE_STARTED", "participantId": "viewer", "remoteParticipantId": "host",
       "eventTime": "2026-03-14T18:01:00.100Z"},
      {"name": "JOINED", "participantId": "viewer", "eventTime": "2026-03-14T18:01:00.000Z"}]}
    """
  static let host = """
    {"events": [
      {"name": "TOKEN_EXCHANGED", "participantId": "host", "eventTime": "2026-03-14T18:05:00.000Z",
       "previousToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "1"}},
       "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "2"}}},
      {"name": "PUBLISH_STARTED", "participantId": "host", "eventTime": "2026-03-14T18:00:30.100Z"},
      {"name": "JOINED", "participantId": "host", "eventTime": "2026-03-14T18:00:30.000Z"}]}
    """

  /// The one gap `texts` show: `participant`'s, from `after` to `before`.
  static func onlyGap(
    in texts: [String], of participant: String, after: String, before: String
  ) throws -> HistoryGap {
    let session = try RecordImporter.makeSession(
      from: try RecordFixtures.records(texts), options: ImportOptions())
    let gap = try #require(session.historyGaps.first)
    #expect(session.historyGaps.count == 1)
    #expect(gap.participant == participant)
    #expect(gap.after == RecordTime.milliseconds(after))
    #expect(gap.before == RecordTime.milliseconds(before))
    return gap
  }

  @Test func aSubscriptionStartedTwiceShowsTheGapWherePagesMeet() throws {
    let records = try RecordFixtures.records([Self.newer, Self.older, Self.host])
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    #expect(session.unansweredPages.isEmpty)
    let gap = try #require(session.historyGaps.first)
    #expect(session.historyGaps.count == 1)
    #expect(gap.participant == "viewer")
    // From where page 3 ends to the SUBSCRIBE_STARTED that cannot follow its own.
    #expect(gap.after == RecordTime.milliseconds("2026-03-14T18:01:00.100Z"))
    #expect(gap.before == RecordTime.milliseconds("2026-03-14T18:15:00.100Z"))
    #expect(gap.evidence.contains("with no SUBSCRIBE_STOPPED of host between"))
    #expect(session.incompleteness.contains { $0.hasPrefix("viewer's own events between") })
  }

  /// The viewer's pages meet with nothing that cannot follow, but EventBridge has a publish
  /// of the viewer its own events lack: its own events around it are missing (finding 50619).
  @Test func anEventBridgeEventItsOwnEventsLackShowsTheGap() throws {
    let published = """
      [{"detail-type": "IVS Stage Update", "time": "2026-03-14T18:10:00Z",
        "detail": {"event_name": "Participant Published", "event_time": "2026-03-14T18:10:00Z",
                   "participant_id": "viewer", "session_id": "st-1"}}]
      """
    let merged = """
      [{"detail-type": "IVS Stage Update", "time": "2026-03-14T18:00:30Z",
        "detail": {"event_name": "Participant Published", "event_time": "2026-03-14T18:00:30Z",
                   "participant_id": "host", "session_id": "st-1"}}]
      """
    let consistent = """
      {"events": [
        {"name": "LEFT", "participantId": "viewer", "eventTime": "2026-03-14T18:20:00.300Z"},
        {"name": "SUBSCRIBE_STOPPED", "participantId": "viewer", "remoteParticipantId": "host",
         "eventTime": "2026-03-14T18:20:00.200Z"}],
       "nextToken": "AYABeCdEfGhIjKlMnOpQrStUvWxYz0123456789"}
      """
    let whole = try RecordImporter.makeSession(
      from: try RecordFixtures.records([consistent, Self.older, Self.host, merged]),
      options: ImportOptions())
    #expect(whole.historyGaps.isEmpty)
    let session = try RecordImporter.makeSession(
      from: try RecordFixtures.records([consistent, Self.older, Self.host, merged, published]),
      options: ImportOptions())
    let gap = try #require(session.historyGaps.first)
    #expect(session.historyGaps.count == 1)
    #expect(gap.participant == "viewer")
    #expect(gap.after == RecordTime.milliseconds("2026-03-14T18:01:00.100Z"))
    #expect(gap.before == RecordTime.milliseconds("2026-03-14T18:20:00.200Z"))
    #expect(gap.evidence.hasPrefix("EventBridge has its PUBLISH_STARTED at 2026-03-14T18:10:00"))
  }

  @Test func theVerdictsThatReachIntoItAreUnknown() throws {
    // The host still on the stage: its own events end without a LEFT (issue 29 finding 7162).
    let connected = #"{"participant": {"participantId": "host", "state": "CONNECTED"}}"#
    let records = try RecordFixtures.records([Self.newer, Self.older, Self.host, connected])
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    let explanation = try Explanation.make(session, file: "test", toleranceSeconds: 5)
    let story = try #require(explanation.exchanges.first { $0.participant == "host" })
    let sighting = try #require(story.sightings.first { $0.observer == "viewer" })
    // The model keeps the viewer on the stage from 18:01 to 18:20; whether it was there at
    // the exchange, and what it showed, is on the missing page.
    #expect(sighting.unsettledBy?.hasPrefix("viewer's own events between") == true)
    #expect(sighting.staleBounds?.atLeast == 0)
    #expect(
      explanation.summary.contains {
        $0.hasPrefix("the missing events of viewer between") && $0.contains("leave 1 verdict(s)")
      })
  }

  @Test func aPreviousTokenUnlikeTheNewTokenBeforeShowsAMissingExchange() throws {
    let later = """
      {"events": [
        {"name": "TOKEN_EXCHANGED", "participantId": "host", "eventTime": "2026-03-14T18:09:00.000Z",
         "previousToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "3"}},
         "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "4"}}}],
       "nextToken": "AYABeCdEfGhIjKlMnOpQrStUvWxYz0123456789"}
      """
    let records = try RecordFixtures.records([later, Self.host])
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    let gap = try #require(session.historyGaps.first)
    #expect(gap.participant == "host")
    #expect(gap.after == RecordTime.milliseconds("2026-03-14T18:05:00.000Z"))
    #expect(gap.before == RecordTime.milliseconds("2026-03-14T18:09:00.000Z"))
    #expect(gap.evidence.contains("previousToken"))
  }

  /// A publisher leaving unpublishes first (SPEC: "unpublish first if publishing, then
  /// `LEFT`"; AWS's examples give both one timestamp): a `LEFT` after a `PUBLISH_STARTED` with
  /// no `PUBLISH_STOPPED` between shows the host's own events missing there, so whether it
  /// was still publishing at its last exchange is unknown (oracle finding 3007941).
  @Test func aLeaveWhilePublishingWithNoUnpublishShowsTheGap() throws {
    func newest(_ unpublished: String) -> String {
      """
      {"events": [
        {"name": "LEFT", "participantId": "host", "eventTime": "2026-03-14T18:30:00.000Z"},
        \(unpublished)
        {"name": "TOKEN_EXCHANGED", "participantId": "host", "eventTime": "2026-03-14T18:25:00.000Z",
         "previousToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "2"}},
         "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "3"}}}],
       "nextToken": "AYABeCdEfGhIjKlMnOpQrStUvWxYz0123456789"}
      """
    }
    let unpublished = """
      {"name": "PUBLISH_STOPPED", "participantId": "host", "eventTime": "2026-03-14T18:30:00.000Z"},
      """
    let whole = try RecordImporter.makeSession(
      from: try RecordFixtures.records([newest(unpublished), Self.host]), options: ImportOptions())
    #expect(whole.historyGaps.isEmpty)
    // From where its two pages meet to the LEFT.
    let gap = try Self.onlyGap(
      in: [newest(""), Self.host], of: "host", after: "2026-03-14T18:05:00.000Z",
      before: "2026-03-14T18:30:00.000Z")
    #expect(gap.evidence.contains("with no PUBLISH_STOPPED between"))
  }

  /// Its first exchange in the records names a previousToken without PUBLISH, but it
  /// published before it: the token it published with was another, so an exchange between
  /// them is missing (finding 3003326). One whose previousToken has PUBLISH shows none.
  @Test(arguments: [(["SUBSCRIBE"], true), (["PUBLISH", "SUBSCRIBE"], false)])
  func aPreviousTokenWithoutACapabilityUsedBeforeShowsAMissingExchange(
    previous: [String], missing: Bool
  ) throws {
    let older = """
      {"events": [
        {"name": "PUBLISH_STOPPED", "participantId": "guest", "eventTime": "2026-03-14T18:02:00.000Z"},
        {"name": "PUBLISH_STARTED", "participantId": "guest", "eventTime": "2026-03-14T18:00:00.100Z"},
        {"name": "JOINED", "participantId": "guest", "eventTime": "2026-03-14T18:00:00.000Z"}]}
      """
    let capabilities = previous.map { "\"\($0)\"" }.joined(separator: ", ")
    let newer = """
      {"events": [
        {"name": "LEFT", "participantId": "guest", "eventTime": "2026-03-14T18:20:00.000Z"},
        {"name": "TOKEN_EXCHANGED", "participantId": "guest", "eventTime": "2026-03-14T18:10:00.000Z",
         "previousToken": {"capabilities": [\(capabilities)], "attributes": {"role": "viewer"}},
         "newToken": {"capabilities": [\(capabilities)], "attributes": {"role": "viewer", "seat": "1"}}}],
       "nextToken": "AYABeCdEfGhIjKlMnOpQrStUvWxYz0123456789"}
      """
    guard missing else {
      let session = try RecordImporter.makeSession(
        from: try RecordFixtures.records([newer, older]), options: ImportOptions())
      #expect(session.historyGaps.isEmpty)
      return
    }
    // From where its pages meet to the exchange.
    let gap = try Self.onlyGap(
      in: [newer, older], of: "guest", after: "2026-03-14T18:02:00.000Z",
      before: "2026-03-14T18:10:00.000Z")
    #expect(gap.evidence.contains("previousToken it names (without PUBLISH)"))
  }

  /// PUBLISH_ERROR INSUFFICIENT_CAPABILITIES needs a token without PUBLISH: after an exchange
  /// to a token with it, the exchange that took it away is missing (finding 49010009). After
  /// one to a token without it, or another error, nothing is.
  @Test(arguments: [
    (["PUBLISH", "SUBSCRIBE"], "INSUFFICIENT_CAPABILITIES", true),
    (["SUBSCRIBE"], "INSUFFICIENT_CAPABILITIES", false),
    (["PUBLISH", "SUBSCRIBE"], "QUOTA_EXCEEDED", false),
  ])
  func anInsufficientCapabilitiesErrorAfterATokenWithPublishShowsAMissingExchange(
    granted: [String], code: String, missing: Bool
  ) throws {
    let capabilities = granted.map { "\"\($0)\"" }.joined(separator: ", ")
    let guest = """
      {"events": [
        {"name": "LEFT", "participantId": "guest", "eventTime": "2026-03-14T18:30:00.000Z"},
        {"name": "PUBLISH_ERROR", "participantId": "guest", "errorCode": "\(code)",
         "eventTime": "2026-03-14T18:20:00.000Z"},
        {"name": "TOKEN_EXCHANGED", "participantId": "guest", "eventTime": "2026-03-14T18:05:00.000Z",
         "previousToken": {"capabilities": ["SUBSCRIBE"], "attributes": {"role": "viewer"}},
         "newToken": {"capabilities": [\(capabilities)], "attributes": {"role": "guest"}}},
        {"name": "JOINED", "participantId": "guest", "eventTime": "2026-03-14T18:00:00.000Z"}]}
      """
    guard missing else {
      let session = try RecordImporter.makeSession(
        from: try RecordFixtures.records([guest]), options: ImportOptions())
      #expect(session.historyGaps.isEmpty)
      return
    }
    let gap = try Self.onlyGap(
      in: [guest], of: "guest", after: "2026-03-14T18:05:00.000Z",
      before: "2026-03-14T18:20:00.000Z")
    #expect(gap.evidence.contains("with no exchange to a token without PUBLISH between"))
  }

  /// With no exchange in its records, the token it published with had PUBLISH: an
  /// INSUFFICIENT_CAPABILITIES error after that publish shows the exchange missing from it.
  @Test func anInsufficientCapabilitiesErrorAfterItsOwnPublishShowsAMissingExchange() throws {
    let guest = """
      {"events": [
        {"name": "PUBLISH_ERROR", "participantId": "guest", "errorCode": "INSUFFICIENT_CAPABILITIES",
         "eventTime": "2026-03-14T18:20:00.000Z"},
        {"name": "PUBLISH_STOPPED", "participantId": "guest", "eventTime": "2026-03-14T18:10:00.000Z"},
        {"name": "PUBLISH_STARTED", "participantId": "guest", "eventTime": "2026-03-14T18:00:00.100Z"},
        {"name": "JOINED", "participantId": "guest", "eventTime": "2026-03-14T18:00:00.000Z"}]}
      """
    let gap = try Self.onlyGap(
      in: [guest], of: "guest", after: "2026-03-14T18:00:00.100Z",
      before: "2026-03-14T18:20:00.000Z")
    #expect(gap.evidence.contains("follows its PUBLISH_STARTED"))
  }

  /// A viewer subscribes to the guest at 18:10, but the guest's own events have it not
  /// publishing since its JOINED: its own events around then are missing (its newest page
  /// lost, finding 7001392). Its own PUBLISH_STARTED just before the subscription (or in the
  /// same second after it) is the one the subscription followed: no gap.
  @Test(arguments: [("", true), ("18:09:59.900Z", false), ("18:10:00.300Z", false)])
  func aSubscriptionToAParticipantWhoseOwnEventsSayItDidNotPublishShowsTheGap(
    published: String, missing: Bool
  ) throws {
    let publish =
      published.isEmpty
      ? ""
      : #"{"name": "PUBLISH_STARTED", "participantId": "guest", "eventTime": "2026-03-14T\#(published)"},"#
    let guest = """
      {"events": [
        \(publish)
        {"name": "JOINED", "participantId": "guest", "eventTime": "2026-03-14T18:02:00.000Z"}]}
      """
    let viewer = """
      {"events": [
        {"name": "SUBSCRIBE_STARTED", "participantId": "viewer", "remoteParticipantId": "guest",
         "eventTime": "2026-03-14T18:10:00.100Z"},
        {"name": "JOINED", "participantId": "viewer", "eventTime": "2026-03-14T18:01:00.000Z"}]}
      """
    guard missing else {
      let session = try RecordImporter.makeSession(
        from: try RecordFixtures.records([guest, viewer]), options: ImportOptions())
      #expect(session.historyGaps.isEmpty)
      return
    }
    // From its last own event to the subscription.
    let gap = try Self.onlyGap(
      in: [guest, viewer], of: "guest", after: "2026-03-14T18:02:00.000Z",
      before: "2026-03-14T18:10:00.100Z")
    #expect(
      gap.evidence
        == "viewer's SUBSCRIBE_STARTED of it at 2026-03-14T18:10:00.100Z has it publishing, but"
        + " its own events have it not publishing since its JOINED at 2026-03-14T18:02:00Z")
  }

  @Test func aWholeHistoryHasNoGap() throws {
    let whole = """
      {"events": [
        {"name": "LEFT", "participantId": "viewer", "eventTime": "2026-03-14T18:20:00.300Z"},
        {"name": "SUBSCRIBE_STOPPED", "participantId": "viewer", "remoteParticipantId": "host",
         "eventTime": "2026-03-14T18:20:00.200Z"},
        {"name": "SUBSCRIBE_STARTED", "participantId": "viewer", "remoteParticipantId": "host",
         "eventTime": "2026-03-14T18:15:00.100Z"},
        {"name": "JOINED", "participantId": "viewer", "eventTime": "2026-03-14T18:15:00.000Z"},
        {"name": "LEFT", "participantId": "viewer", "eventTime": "2026-03-14T18:10:00.100Z"},
        {"name": "SUBSCRIBE_STOPPED", "participantId": "viewer", "remoteParticipantId": "host",
         "eventTime": "2026-03-14T18:10:00.000Z"}],
       "nextToken": "AYABeCdEfGhIjKlMnOpQrStUvWxYz0123456789"}
      """
    let records = try RecordFixtures.records([whole, Self.older, Self.host])
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    #expect(session.historyGaps.isEmpty)
  }
}

/// A publisher's subscribers stopping together while its own events have it publishing
/// (findings 322040, 13003691): its unpublish, and what it did meanwhile, are missing. A
/// subscriber that stops every subscription at once, or leaves, does it itself; so does one
/// of several when the others stay subscribed.
@Suite struct SubscribersStopTests {
  /// The host's own events: joined and published at 18:00:30, then nothing until it left.
  static let host = """
    {"events": [
      {"name": "LEFT", "participantId": "host", "eventTime": "2026-03-14T18:30:00.300Z"},
      {"name": "PUBLISH_STOPPED", "participantId": "host", "eventTime": "2026-03-14T18:30:00.200Z"},
      {"name": "PUBLISH_STARTED", "participantId": "host", "eventTime": "2026-03-14T18:00:30.100Z"},
      {"name": "JOINED", "participantId": "host", "eventTime": "2026-03-14T18:00:30.000Z"}]}
    """
  static let guest = """
    {"events": [
      {"name": "PUBLISH_STARTED", "participantId": "guest", "eventTime": "2026-03-14T18:00:40.100Z"},
      {"name": "JOINED", "participantId": "guest", "eventTime": "2026-03-14T18:00:40.000Z"}]}
    """

  /// `viewer`'s events: subscribed to the host (and `also`) from 18:01, and at 18:10:00 each
  /// subscription in `stopsAt` stopped (and started again).
  static func viewer(_ viewer: String, also: [String] = [], stopping: [String]) -> String {
    let publishers = ["host"] + also
    var events = [
      #"{"name": "JOINED", "participantId": "\#(viewer)", "eventTime": "2026-03-14T18:01:00.000Z"}"#
    ]
    for (index, publisher) in publishers.enumerated() {
      events.append(
        #"{"name": "SUBSCRIBE_STARTED", "participantId": "\#(viewer)", "remoteParticipantId": "\#(publisher)", "eventTime": "2026-03-14T18:01:0\#(index + 1).000Z"}"#
      )
    }
    for publisher in stopping {
      events.append(
        #"{"name": "SUBSCRIBE_STOPPED", "participantId": "\#(viewer)", "remoteParticipantId": "\#(publisher)", "eventTime": "2026-03-14T18:10:00.100Z"}"#
      )
      events.append(
        #"{"name": "SUBSCRIBE_STARTED", "participantId": "\#(viewer)", "remoteParticipantId": "\#(publisher)", "eventTime": "2026-03-14T18:10:00.500Z"}"#
      )
    }
    return #"{"events": [\#(events.reversed().joined(separator: ", "))]}"#
  }

  static func gaps(_ texts: [String]) throws -> [HistoryGap] {
    try RecordImporter.makeSession(
      from: try RecordFixtures.records(texts), options: ImportOptions()
    ).historyGaps
  }

  @Test func everySubscriberStoppingTogetherShowsThePublishersGap() throws {
    let gap = try HistoryGapTests.onlyGap(
      in: [
        Self.host, Self.viewer("v1", stopping: ["host"]), Self.viewer("v2", stopping: ["host"]),
      ], of: "host", after: "2026-03-14T18:00:30.100Z", before: "2026-03-14T18:30:00.200Z")
    #expect(gap.evidence.hasPrefix("2 participants' SUBSCRIBE_STOPPED of it at"))
    #expect(gap.evidence.contains("with no PUBLISH_STOPPED"))
  }

  @Test func oneSubscriberAloneIsNoTrace() throws {
    #expect(try Self.gaps([Self.host, Self.viewer("v1", stopping: ["host"])]).isEmpty)
  }

  @Test func subscribersStoppingEverySubscriptionDoItThemselves() throws {
    let texts = [
      Self.host, Self.guest,
      Self.viewer("v1", also: ["guest"], stopping: ["host", "guest"]),
      Self.viewer("v2", also: ["guest"], stopping: ["host", "guest"]),
    ]
    #expect(try Self.gaps(texts).isEmpty)
  }

  @Test func aSubscriberThatStaysSubscribedShowsThePublisherStillPublishing() throws {
    let texts = [
      Self.host, Self.viewer("v1", stopping: ["host"]), Self.viewer("v2", stopping: ["host"]),
      Self.viewer("v3", stopping: []),
    ]
    #expect(try Self.gaps(texts).isEmpty)
  }

  /// A host whose own records hold no publish event publishes as far as the model knows from
  /// its subscribers' starts; every subscriber stopping together ends it (finding 14008652).
  @Test func everySubscriberStoppingEndsAnInferredPublish() throws {
    let host = """
      {"events": [
        {"name": "LEFT", "participantId": "host", "eventTime": "2026-03-14T18:30:00.300Z"},
        {"name": "TOKEN_EXCHANGED", "participantId": "host", "eventTime": "2026-03-14T18:20:00.000Z",
         "previousToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "1"}},
         "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "2"}}},
        {"name": "JOINED", "participantId": "host", "eventTime": "2026-03-14T18:00:30.000Z"}]}
      """
    func viewer(_ id: String) -> String {
      """
      {"events": [
        {"name": "SUBSCRIBE_STOPPED", "participantId": "\(id)", "remoteParticipantId": "host",
         "eventTime": "2026-03-14T18:10:00.100Z"},
        {"name": "SUBSCRIBE_STARTED", "participantId": "\(id)", "remoteParticipantId": "host",
         "eventTime": "2026-03-14T18:01:00.100Z"},
        {"name": "JOINED", "participantId": "\(id)", "eventTime": "2026-03-14T18:01:00.000Z"}]}
      """
    }
    func unpublishes(_ texts: [String]) throws -> Bool {
      let session = try RecordImporter.makeSession(
        from: try RecordFixtures.records(texts), options: ImportOptions())
      return session.runnable.steps.contains {
        if case .unpublish("host") = $0 { true } else { false }
      }
    }
    #expect(try unpublishes([host, viewer("v1"), viewer("v2")]))
    // One subscriber stopping is its own doing: the host may still publish.
    #expect(try !unpublishes([host, viewer("v1")]))
  }
}
