import Foundation
import SoundnessOracle
import StageEngine
import Testing

@testable import IVSRecords

/// The oracle counts a false claim apart as traceless only when a page left out made it false
/// and nothing in the folder shows the loss: every `traceless/` finding is such a loss, and taking
/// away any one of the conditions (the lost events, a reading that reproduces every record,
/// a report silent about the participant's records, a claim true without the lost events)
/// makes the same claim count again.
@Suite struct TracelessLossTests {
  static let traceless = RegressionTests.fixtures("traceless")

  static var findings: [String] { RegressionTests.folders(in: traceless) }

  /// One seed's run, its explanation and the events its folder lost.
  struct Case: CustomTestStringConvertible {
    let result: Oracle.Result
    let explanation: Explanation
    let leftOut: [StageEvent]

    init(seed: UInt64, limits: SessionGenerator.Limits = .init()) throws {
      result = try Oracle.run(seed: seed, limits: limits)
      guard case .explained(let explanation, _) = ExplainRun.explain(result.folder) else {
        throw CaseError.refused
      }
      self.explanation = explanation
      leftOut = TracelessLoss.leftOut(
        FolderRenderer.folder(result.session), result.folder, result.session)
    }

    var testDescription: String { "seed \(result.seed)" }

    func isTraceless(
      _ violation: Violation, explanation: Explanation? = nil, leftOut: [StageEvent]? = nil
    ) -> Bool {
      TracelessLoss.isTraceless(
        violation, explanation ?? self.explanation, result.session,
        leftOut: leftOut ?? self.leftOut)
    }
  }

  enum CaseError: Error { case refused }

  @Test(arguments: findings)
  func aTracelessFindingIsToldApartAndNothingElseOfItsSeedCounts(_ name: String) throws {
    let account = try String(
      contentsOf: Self.traceless.appendingPathComponent(name).appendingPathComponent("FINDING.md"),
      encoding: .utf8)
    let (seed, limits) = try #require(RegressionTests.generation(account), "\(name): no seed")
    let kind = try #require(name.split(separator: "-").last.map(String.init))
    let result = try Oracle.run(seed: seed, limits: limits)
    #expect(result.violations.isEmpty, "\(name): \(result.violations)")
    #expect(result.traceless.contains { $0.kind.rawValue == kind }, "\(name): \(result.traceless)")
  }

  @Test func aLabelCountsWithoutTheLostExchangeOrWhenItIsNotTheValueWithoutIt() throws {
    let seen = try Case(seed: 10_017_335)
    let label = try #require(seen.result.traceless.first { $0.kind == .label })
    #expect(seen.isTraceless(label))
    // Without the lost page's exchanges, the loss is not what made the label false.
    #expect(!seen.isTraceless(label, leftOut: seen.leftOut.filter { $0.kind != .tokenExchanged }))
    // A label that is not what the participant had without the lost exchanges is a fault.
    guard case .label(let id, _, let time) = label.basis else {
      Issue.record("a label without its basis: \(label)")
      return
    }
    var wrong = label
    wrong.basis = .label(participant: id, claimed: "\(id) (raj-9, role=viewer)", at: time)
    #expect(!seen.isTraceless(wrong))
    // One whose lost exchanges all came after the moment labelled.
    wrong.basis = .label(
      participant: id, claimed: "\(id) (raj, role=viewer)",
      at: (seen.leftOut.map(\.time).min() ?? 0) - 1)
    #expect(!seen.isTraceless(wrong))
  }

  @Test func aClaimCountsWhenTheRecordsShowTheLoss() throws {
    let seen = try Case(seed: 10_017_335)
    let label = try #require(seen.result.traceless.first { $0.kind == .label })
    guard case .label(let id, _, _) = label.basis else {
      Issue.record("a label without its basis: \(label)")
      return
    }
    // A recorded event the reading does not reproduce points at the loss.
    let divergent = Explanation(
      summary: seen.explanation.summary, comparison: seen.explanation.comparison,
      exchanges: seen.explanation.exchanges, session: seen.explanation.session,
      divergences: [Divergence(kind: .missingInModel, time: 0, text: "an event")])
    let divergentTraceless = seen.isTraceless(label, explanation: divergent)
    #expect(!divergentTraceless)
    // So does a history gap the import found in the participant's own events.
    var session = seen.explanation.session
    session.historyGaps = [HistoryGap(participant: id, after: 0, before: 1, evidence: "a gap")]
    let gapped = Explanation(
      summary: seen.explanation.summary, comparison: seen.explanation.comparison,
      exchanges: seen.explanation.exchanges, session: session,
      divergences: seen.explanation.divergences)
    let gappedTraceless = seen.isTraceless(label, explanation: gapped)
    #expect(!gappedTraceless)
    // Another participant's gap leaves it traceless.
    session.historyGaps = [HistoryGap(participant: "other", after: 0, before: 1, evidence: "")]
    let elsewhere = Explanation(
      summary: seen.explanation.summary, comparison: seen.explanation.comparison,
      exchanges: seen.explanation.exchanges, session: session,
      divergences: seen.explanation.divergences)
    let elsewhereTraceless = seen.isTraceless(label, explanation: elsewhere)
    #expect(elsewhereTraceless)
  }

  @Test func aMissingExchangeCountsUnlessItsOwnRecordWasLost() throws {
    let seen = try Case(seed: 10_018_197)
    let missing = try #require(seen.result.traceless.first { $0.kind == .exchangeMissing })
    #expect(seen.isTraceless(missing))
    guard case .exchange(let id, let time) = missing.basis else {
      Issue.record("a missing exchange without its basis: \(missing)")
      return
    }
    let kept = seen.leftOut.filter { !($0.kind == .tokenExchanged && $0.time == time) }
    #expect(!seen.isTraceless(missing, leftOut: kept))
    var other = missing
    other.basis = .exchange(participant: id, at: time + 1)
    #expect(!seen.isTraceless(other))
  }

  @Test func aMissingSightingCountsUnlessTheObserversStayWasLost() throws {
    let seen = try Case(seed: 13701)
    let missed = try #require(seen.result.traceless.first { $0.kind == .staleMissed })
    #expect(seen.isTraceless(missed))
    #expect(!seen.isTraceless(missed, leftOut: seen.leftOut.filter { $0.kind != .joined }))
    // Without a basis (any other claim), nothing is traceless.
    var bare = missed
    bare.basis = nil
    #expect(!seen.isTraceless(bare))
  }

  @Test func aSawItAtCountsUnlessTheStayThatToldItFirstWasLost() throws {
    let seen = try Case(seed: 20_027_983)
    let told = try #require(seen.result.traceless.first { $0.kind == .toldAt })
    #expect(seen.isTraceless(told))
    // The observer's stay that told it first kept: the claim is false of what was sent.
    #expect(!seen.isTraceless(told, leftOut: seen.leftOut.filter { $0.kind != .joined }))
    // A time that told it in no stay left is a fault, lost stay or not.
    guard case .told(let observer, let exchanger, let values, let since, let at) = told.basis
    else {
      Issue.record("a saw-it-at without its basis: \(told)")
      return
    }
    var wrong = told
    wrong.basis = .told(
      observer: observer, exchanger: exchanger, values: values, since: since, at: at + 1)
    #expect(!seen.isTraceless(wrong))
  }

  @Test func aLateJoinerCountsUnlessTheStayAroundTheExchangeWasLost() throws {
    let seen = try Case(seed: 51_014_277, limits: .init(participants: 12, actions: 150))
    let late = try #require(seen.result.traceless.first { $0.kind == .lateJoiner })
    #expect(seen.isTraceless(late))
    // The stay's JOINED kept: the folder shows it connected at the exchange.
    #expect(!seen.isTraceless(late, leftOut: seen.leftOut.filter { $0.kind != .joined }))
    // A moment no stay of the observer is near: the loss is not what makes it false.
    guard case .stay(let observer, _) = late.basis else {
      Issue.record("a late joiner without its basis: \(late)")
      return
    }
    var elsewhere = late
    elsewhere.basis = .stay(observer: observer, at: seen.result.session.start - 60)
    #expect(!seen.isTraceless(elsewhere))
  }

  @Test func aTotalCountsUnlessOnlyATracelessMissingSightingMakesItFalse() throws {
    let seen = try Case(seed: 43_001_007, limits: .init(participants: 12, actions: 150))
    #expect(seen.result.violations.isEmpty, "\(seen.result.violations)")
    let kinds = Set(seen.result.traceless.map(\.kind))
    #expect(kinds.isSuperset(of: [.staleMissed, .observerStaleTime, .totals]), "\(kinds)")
    let totals = seen.result.traceless.filter { $0.basis == nil }
    let sightings = seen.result.traceless.filter { $0.basis != nil }
    func derived(_ traceless: [Violation]) -> [Violation] {
      TracelessLoss.derived(
        totals, of: traceless, seen.explanation, seen.result.session, complete: false)
    }
    #expect(derived(sightings) == totals)
    // Without the lost sighting, or with it in a window where the observer showed nothing
    // stale, the totals are false of what was sent.
    #expect(derived([]).isEmpty)
    let moved = sightings.map { sighting -> Violation in
      guard case .sighting(let observer, let exchanger, _) = sighting.basis else { return sighting }
      var moved = sighting
      let end = seen.result.session.end
      moved.basis = .sighting(observer: observer, exchanger: exchanger, window: end..<(end + 1))
      return moved
    }
    #expect(derived(moved).isEmpty)
  }

  @Test func aClaimCountsUnlessTheFolderIsTheWholeRecordOfASessionWhereItIsTrue() throws {
    let seen = try Case(seed: 47_000_227)
    #expect(seen.result.violations.isEmpty, "\(seen.result.violations)")
    let session = seen.result.session
    let found = SoundnessChecker.violations(seen.explanation, session, complete: false)
    #expect(Set(found.map(\.kind)) == [.staleWhenCurrent, .toldAt, .observerStaleTime])
    func unseen(
      _ claims: [Violation]? = nil, explanation: Explanation? = nil, leftOut: [StageEvent]? = nil,
      of played: GeneratedSession? = nil
    ) -> [Violation] {
      TracelessLoss.unseen(
        claims ?? found, explanation ?? seen.explanation, played ?? session,
        leftOut: leftOut ?? seen.leftOut, complete: false)
    }
    // The lost page held a network drop's every record: without it, each claim is true.
    #expect(unseen() == found)
    // Its restarts kept: the folder shows the drop, and no session without it is the folder.
    #expect(unseen(leftOut: seen.leftOut.filter { $0.kind != .subscribeStarted }).isEmpty)
    // An event of another step lost too: the session without the drop still records it.
    let lost = Set(seen.leftOut.map(\.seq))
    let another = try #require(
      session.events.last {
        $0.source == .server && $0.participant != nil && !lost.contains($0.seq)
      })
    #expect(unseen(leftOut: seen.leftOut + [another]).isEmpty)
    // A session known only by its events cannot be played again.
    #expect(unseen(of: session.judged(byEventsWhere: { _ in true })).isEmpty)
    // A reading that does not reproduce every record points at the loss.
    let divergent = Explanation(
      summary: seen.explanation.summary, comparison: seen.explanation.comparison,
      exchanges: seen.explanation.exchanges, session: seen.explanation.session,
      divergences: [Divergence(kind: .missingInModel, time: 0, text: "an event")])
    #expect(unseen(explanation: divergent).isEmpty)
    // "saw it at" a second early is false of the session without the drop too: it counts.
    var exchanges = seen.explanation.exchanges
    let story = try #require(
      exchanges.firstIndex {
        $0.participant == "e2kq5Q85VRsA"
          && $0.sightings.contains { $0.observer == "94wJq5RGt6eu" && $0.toldAt != nil }
      })
    let slot = try #require(
      exchanges[story].sightings.firstIndex { $0.observer == "94wJq5RGt6eu" && $0.toldAt != nil })
    exchanges[story].sightings[slot].toldAt = exchanges[story].sightings[slot].toldAt.map {
      $0 - 1000
    }
    let early = Explanation(
      summary: seen.explanation.summary, comparison: seen.explanation.comparison,
      exchanges: exchanges, session: seen.explanation.session,
      divergences: seen.explanation.divergences)
    let claims = SoundnessChecker.violations(early, session, complete: false)
    let told = try #require(claims.first { $0.kind == .toldAt })
    #expect(!unseen(claims, explanation: early).contains(told))
    #expect(!unseen(claims, explanation: early).isEmpty)
  }
}
