import IVSRecords
import StageEngine
import Testing

@testable import SoundnessOracle

/// The checker calls a claim false when the truth contradicts it: an explanation whose stale
/// spans are real is sound against its own session's truth, and unsound against a truth in
/// which nobody ever showed the participant (the same run with every renderer event taken
/// out). The minimiser keeps exactly what a finding needs.
@Suite struct CheckerTests {
  /// The first seed whose whole folder explain reports with a certain stale span.
  static func staleSession() throws -> (GeneratedSession, Explanation)? {
    for seed in UInt64(1)...UInt64(60) {
      let session = try SessionGenerator.session(seed: seed, limits: .init(participants: 8))
      let folder = RecordFolder(
        files: FolderRenderer.folder(session).files.filter { $0.kind != .composition })
      guard case .explained(let explanation, _) = ExplainRun.explain(folder) else { continue }
      let stale = explanation.exchanges.contains {
        $0.sightings.contains { $0.stale != nil && $0.dependsOn == nil && !$0.isComposition }
      }
      if stale { return (session, explanation) }
    }
    return nil
  }

  @Test func staleClaimsAgainstAnEmptyTruthAreFalse() throws {
    let found = try Self.staleSession()
    let (session, explanation) = try #require(found)
    #expect(SoundnessChecker.violations(explanation, session).isEmpty)
    let blind = SessionTruth(
      events: session.events.filter { $0.source != .client && $0.source != .belief },
      participants: session.participants, end: session.end)
    let lying = GeneratedSession(
      seed: session.seed, stageARN: session.stageARN, sessionID: session.sessionID,
      start: session.start, end: session.end, participants: session.participants,
      events: session.events, composition: session.composition, truth: blind)
    let kinds = Set(SoundnessChecker.violations(explanation, lying).map(\.kind))
    #expect(kinds.contains(.staleWhenCurrent))
  }

  @Test func anotherSessionsTruthMakesExchangesInvented() throws {
    let found = try Self.staleSession()
    let (session, explanation) = try #require(found)
    let other = try SessionGenerator.session(seed: session.seed &+ 1_000)
    let kinds = Set(SoundnessChecker.violations(explanation, other).map(\.kind))
    #expect(kinds.contains(.exchangeInvented))
  }

  @Test func minimiserKeepsOnlyWhatTheFindingNeeds() throws {
    let session = try SessionGenerator.session(seed: 7, limits: .init(participants: 6))
    let folder = FolderRenderer.folder(session)
    let page = try #require(folder.files.first { $0.kind == .events && $0.eventCount >= 3 })
    // "Shows the finding" when that page still holds a TOKEN_EXCHANGED or, lacking one,
    // its first event: one event of one file is all it needs.
    let wanted = page.json["events"]?.arrayValue?.first
    let smallest = Minimiser.minimise(folder) { candidate in
      candidate.files.contains { file in
        file.name == page.name
          && (file.json["events"]?.arrayValue?.contains { $0 == wanted } ?? false)
      }
    }
    #expect(smallest.files.map(\.name) == [page.name])
    #expect(smallest.files.first?.eventCount == 1)
  }
}
