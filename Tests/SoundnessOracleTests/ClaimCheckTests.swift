import StageEngine
import Testing

@testable import IVSRecords
@testable import SoundnessOracle

/// The checks of the claims explain gained after the first checker (issue 29 item 5 and the
/// composition): each passes a report that is right and finds the claim made wrong, or the
/// claim held to a truth in which it fails.
@Suite struct ClaimCheckTests {
  /// The first whole folder of seeds 1… (at 12 participants, 30 actions) whose report
  /// holds a sighting `wanted` picks, with the report sound of its truth (no divergence).
  static func report(
    _ wanted: (ExchangeStory.Sighting) -> Bool, composition: Bool = false
  ) throws -> (GeneratedSession, Explanation, story: Int, slot: Int)? {
    for seed in UInt64(1)...UInt64(80) {
      let session = try SessionGenerator.session(
        seed: seed, limits: .init(participants: 12, actions: 30))
      guard !composition || session.composition != nil else { continue }
      guard case .explained(let explanation, _) = ExplainRun.explain(FolderRenderer.folder(session))
      else { continue }
      // The whole folder: no divergence is real.
      guard SoundnessChecker.violations(explanation, session, complete: true).isEmpty else {
        continue
      }
      for (story, exchange) in explanation.exchanges.enumerated() where exchange.changesMetadata {
        if let slot = exchange.sightings.firstIndex(where: wanted) {
          return (session, explanation, story, slot)
        }
      }
    }
    return nil
  }

  /// `explanation` with the sighting at `story`, `slot` changed, and its divergences
  /// `divergences` when given.
  static func changed(
    _ explanation: Explanation, story: Int, slot: Int,
    divergences: [Divergence]? = nil, _ change: (inout ExchangeStory.Sighting) -> Void = { _ in }
  ) -> Explanation {
    var exchanges = explanation.exchanges
    change(&exchanges[story].sightings[slot])
    return Explanation(
      summary: explanation.summary, comparison: explanation.comparison, exchanges: exchanges,
      session: explanation.session, divergences: divergences ?? explanation.divergences)
  }

  static func kinds(_ explanation: Explanation, _ session: GeneratedSession, complete: Bool = false)
    -> Set<Violation.Kind>
  {
    Set(SoundnessChecker.violations(explanation, session, complete: complete).map(\.kind))
  }

  static func certain(_ sighting: ExchangeStory.Sighting) -> Bool {
    sighting.dependsOn == nil && sighting.unsettledBy == nil
  }

  /// "stale since the first exchange … total 8m40s": a total cut short (its span begun a
  /// minute late) is false of the truth.
  @Test func anObserversTotalIsHeldToTheTruth() throws {
    let found = try Self.report {
      Self.certain($0) && !$0.isComposition && ($0.stale?.seconds ?? 0) > 70
        && $0.stale.map { $0.end != .sessionEnded && !$0.beganEarlier } == true
    }
    let (session, explanation, story, slot) = try #require(found)
    #expect(!Self.kinds(explanation, session).contains(.observerStaleTime))
    let late = Self.changed(explanation, story: story, slot: slot) { sighting in
      guard let stale = sighting.stale else { return }
      sighting = ExchangeStory.Sighting(
        observer: sighting.observer, profile: sighting.profile,
        isComposition: sighting.isComposition, verdict: sighting.verdict, time: sighting.time,
        event: sighting.event, cause: sighting.cause,
        stale: .init(
          from: stale.from + 60, since: stale.since + 60, until: stale.until, end: stale.end,
          believed: stale.believed, reason: stale.reason),
        context: sighting.context)
    }
    #expect(Self.kinds(late, session).contains(.observerStaleTime))
  }

  /// An observer labelled with a `user_id` it did not have at the exchange.
  @Test func aLabelIsHeldToTheValuesOfItsMoment() throws {
    let found = try Self.report { Self.certain($0) && !$0.isComposition }
    let (session, explanation, _, _) = try #require(found)
    #expect(!Self.kinds(explanation, session).contains(.label))
    let renamed = session.participants.map {
      GeneratedParticipant(
        id: $0.id, userId: "someone-else", sdk: $0.sdk, osName: $0.osName,
        browserName: $0.browserName, attributes: $0.attributes, canPublish: $0.canPublish)
    }
    let other = GeneratedSession(
      seed: session.seed, stageARN: session.stageARN, sessionID: session.sessionID,
      start: session.start, end: session.end, participants: renamed, events: session.events,
      composition: session.composition,
      truth: SessionTruth(events: session.events, participants: renamed, end: session.end))
    #expect(Self.kinds(explanation, other).contains(.label))
  }

  /// "saw it at 10:03:00.640Z" a second before the publish that told the observer.
  @Test func saidAtIsTheTimeOfTheEventThatTold() throws {
    let found = try Self.report { Self.certain($0) && $0.toldAt != nil && !$0.isComposition }
    let (session, explanation, story, slot) = try #require(found)
    #expect(!Self.kinds(explanation, session).contains(.toldAt))
    let early = Self.changed(explanation, story: story, slot: slot) {
      $0.toldAt = $0.toldAt.map { $0 - 1000 }
    }
    #expect(Self.kinds(early, session).contains(.toldAt))
  }

  /// On the whole folder none is real; on any folder an event "missing in the records"
  /// that never happened is false, and one that happened (the records lost it) is real.
  @Test func aDivergenceMustBeReal() throws {
    let found = try Self.report { _ in true }
    let (session, explanation, story, slot) = try #require(found)
    #expect(explanation.divergences.isEmpty)
    #expect(!Self.kinds(explanation, session, complete: true).contains(.divergence))
    let joined = try #require(session.events.first { $0.source == .server && $0.kind == .joined })
    let participant = try #require(joined.participant)
    func missing(_ name: String, at second: Int64) -> Explanation {
      Self.changed(
        explanation, story: story, slot: slot,
        divergences: [
          Divergence(
            kind: .missingInRecords, time: second * 1000, text: "\(name) \(participant)",
            event: name, participant: participant)
        ])
    }
    let real = missing("JOINED", at: joined.time)
    #expect(!Self.kinds(real, session).contains(.divergence))
    #expect(Self.kinds(real, session, complete: true).contains(.divergence))
    let never = try #require(
      ["JOIN_ERROR", "PUBLISH_ERROR", "SUBSCRIBE_ERROR"].first { name in
        !session.events.contains { $0.participant == participant && $0.kind.rawValue == name }
      })
    let invented = missing(never, at: joined.time)
    #expect(Self.kinds(invented, session).contains(.divergence))
  }

  /// The report names the composition `main` or by its ARN's ID, the truth by the
  /// generator's ID: both name the session's one composition, and another name none. A
  /// composition claim the truth contradicts is a `composition` violation.
  @Test func compositionClaimsAreHeldToTheComposition() throws {
    let found = try Self.report(
      { Self.certain($0) && $0.isComposition && ($0.verdict == .atOnce || $0.stale != nil) },
      composition: true)
    let (session, explanation, story, slot) = try #require(found)
    let composition = try #require(session.composition)
    let arnID = try #require(composition.arn.split(separator: "/").last.map(String.init))
    for name in [Stage.firstCompositionID, arnID, composition.id] {
      #expect(
        SoundnessChecker.observer(named: name, isComposition: true, session) == composition.id)
    }
    #expect(SoundnessChecker.observer(named: "elsewhere", isComposition: true, session) == nil)
    #expect(!Self.kinds(explanation, session).contains(.composition))
    let lying = session.judged { $0.source != .composition && $0.source != .belief }
    #expect(explanation.exchanges[story].sightings[slot].isComposition)
    #expect(Self.kinds(explanation, lying).contains(.composition))
  }
}

/// "For the customer" stating certainty (issue 29 item 3).
extension ClaimCheckTests {
  /// "Nobody showed old values" after an exchange one of whose verdicts is unknown is false
  /// certainty; with every verdict certain and true of the truth it stands.
  @Test func aCertainNobodyOverAnUnknownVerdictIsFalse() throws {
    let found = try Self.report { Self.certain($0) && $0.stale == nil && !$0.isComposition }
    let (session, explanation, story, slot) = try #require(found)
    let exchange = explanation.exchanges[story]
    let nobody =
      "\(exchange.participant) exchanged at \(SoundnessChecker.clock(exchange.time)) while not"
      + " publishing: \(SoundnessChecker.nobodyStale); observers got the new values"
    let stale = session.truth.spans.contains {
      $0.participant == exchange.participant && !$0.isComposition
    }
    if !stale {
      #expect(SoundnessChecker.certainty(of: [nobody], explanation, session).isEmpty)
    }
    let unknown = Self.changed(explanation, story: story, slot: slot) {
      $0.unsettle("its events before the exchange are missing", .init(atLeast: 0, atMost: nil))
    }
    let violations = SoundnessChecker.certainty(of: [nobody], unknown, session)
    #expect(violations.map(\.kind).contains(.customerAnswer))
    #expect(violations.contains { $0.truth.contains("unknown or a range") })
  }

  /// "Nobody showed old values" where the truth has a stale observer the records show is
  /// false however sure the verdicts.
  @Test func aCertainNobodyOverAStaleObserverIsFalse() throws {
    let found = try Self.report { Self.certain($0) && ($0.stale?.seconds ?? 0) > 10 }
    let (session, explanation, story, _) = try #require(found)
    let exchange = explanation.exchanges[story]
    let nobody =
      "\(exchange.participant) exchanged at \(SoundnessChecker.clock(exchange.time)) while not"
      + " publishing: \(SoundnessChecker.nobodyStale)"
    let violations = SoundnessChecker.certainty(of: [nobody], explanation, session)
    #expect(
      violations.contains { $0.kind == .customerAnswer && $0.truth.hasSuffix("showed old values") })
  }
}
