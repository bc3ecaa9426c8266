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
      let folder = RenderedFolder(
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
    let lying = session.judged { $0.source != .client && $0.source != .belief }
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

  /// A finding that needs one participant's newest page is cut to that page: the other
  /// files go, and that participant's older pages go oldest first (the newer page's
  /// `nextToken` tells explain they are missing).
  @Test func minimiserKeepsOnlyWhatTheFindingNeeds() throws {
    var checked = false
    for seed in UInt64(1)...UInt64(40) where !checked {
      let session = try SessionGenerator.session(seed: seed, limits: .init(participants: 6))
      let folder = FolderRenderer.folder(session)
      guard let page = folder.files.first(where: { $0.name.hasSuffix(".events.page3.json") })
      else { continue }
      let newest = page.name.replacingOccurrences(of: ".page3", with: "")
      let smallest = Minimiser.minimise(folder) { candidate in
        candidate.files.contains { $0.name == newest }
      }
      #expect(smallest.files.map(\.name) == [newest])
      checked = true
    }
    #expect(checked, "no seed in 1…40 rendered a participant's third page")
  }

  /// A finding that needs one EventBridge delivery keeps that delivery alone.
  @Test func minimiserCutsEventBridgeToOneDelivery() throws {
    let session = try SessionGenerator.session(seed: 3, limits: .init(participants: 6))
    let folder = FolderRenderer.folder(session)
    let bridge = try #require(folder.files.first { $0.kind == .eventBridge && $0.eventCount > 3 })
    let wanted = bridge.json.arrayValue?[2]
    let smallest = Minimiser.minimise(folder) { candidate in
      candidate.files.contains {
        $0.kind == .eventBridge && $0.json.arrayValue?.contains { $0 == wanted } == true
      }
    }
    #expect(smallest.files.count == 1)
    #expect(smallest.files.first?.eventCount == 1)
  }
}
