import IVSRecords
import JSONKit
import StageEngine
import Testing

@testable import SoundnessOracle

/// The generator makes the same session from the same seed, renders folders the record
/// reader takes whole, and its truth says who showed stale values when.
@Suite struct GeneratorTests {
  @Test func sameSeedSameFolder() throws {
    let a = FolderRenderer.folder(try SessionGenerator.session(seed: 42))
    let b = FolderRenderer.folder(try SessionGenerator.session(seed: 42))
    #expect(a.files.map(\.name) == b.files.map(\.name))
    #expect(a.files.map(\.bytes) == b.files.map(\.bytes))
    let c = FolderRenderer.folder(try SessionGenerator.session(seed: 43))
    #expect(a.files.map(\.bytes) != c.files.map(\.bytes))
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
  func renderedFolderReadsWhole(seed: UInt64) throws {
    let session = try SessionGenerator.session(seed: seed, limits: .init(participants: 12))
    let folder = FolderRenderer.folder(session)
    var records = RecordSet()
    for file in folder.files where file.kind != .composition && file.kind != .eventBridge {
      try records.read(bytes: file.bytes, file: file.name)
    }
    try records.checkSessionBounds()
    let server = session.events.filter { $0.source == .server }
    #expect(records.events.count == server.count)
    #expect(records.issues.isEmpty, "\(records.issues)")
    #expect(records.unansweredPages.isEmpty)
    guard let bridge = folder.files.first(where: { $0.kind == .eventBridge }) else { return }
    try records.read(bytes: bridge.bytes, file: bridge.name)
    // Each delivery is read once: a repeat of an `id` is dropped.
    let deliveries = Set(
      (bridge.json.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    ).count
    // Events timed only by the envelope are read too (issue 29 §1).
    #expect(records.events.count == server.count + deliveries)
  }

  /// A whole folder's histories hold no two events that cannot follow each other: a gap
  /// explain finds (`HistoryGap`) is a page left out, never how IVS records a session.
  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  func aWholeFolderShowsNoGap(seed: UInt64) throws {
    let session = try SessionGenerator.session(seed: seed)
    guard case .explained(let explanation, _) = ExplainRun.explain(FolderRenderer.folder(session))
    else {
      Issue.record("seed \(seed): explain refused the whole folder")
      return
    }
    #expect(explanation.session.historyGaps.isEmpty, "seed \(seed)")
  }

  @Test func participantsStayWithinLimits() throws {
    for seed in UInt64(100)..<UInt64(120) {
      let session = try SessionGenerator.session(seed: seed, limits: .init(participants: 6))
      #expect((2...6).contains(session.participants.count))
      #expect(session.start < session.end)
      #expect(session.events.allSatisfy { $0.time >= session.start && $0.time <= session.end })
    }
  }

  /// A viewer on an SDK without `participantMetadataUpdated` shows a publisher's old seat
  /// from the exchange until the publisher republishes: the truth holds that span exactly.
  @Test func truthHasTheStaleSpanOfAnOldSDK() throws {
    var found = false
    for seed in UInt64(1)...UInt64(60) where !found {
      let session = try SessionGenerator.session(seed: seed, limits: .init(participants: 8))
      for span in session.truth.spans where !span.isComposition {
        guard
          let observer = session.participants.first(where: { $0.id == span.observer }),
          observer.sdk.version
            < (observer.sdk.platform == .web
              ? SemanticVersion(major: 1, minor: 33, patch: 0)
              : SemanticVersion(major: 1, minor: 37, patch: 0))
        else {
          Issue.record("\(span.observer) on a new SDK was stale: \(span)")
          continue
        }
        // The span starts at an exchange of the participant, or when the observer began
        // showing it with values already replaced.
        #expect(span.from < span.until)
        found = true
      }
    }
    #expect(found, "no seed in 1…60 made a stale span")
  }
}

/// The rendered folder times each server event of a second apart, as IVS does: seed 204082
/// has a reconnection burst of more than 64 events in one model second, whose stops and
/// starts once shared .999 and were read back in the wrong order (a divergence on a whole
/// folder).
@Suite struct EventTimeTests {
  @Test func everyEventOfASecondHasATimeOfItsOwn() throws {
    let session = try SessionGenerator.session(
      seed: 204082, limits: .init(participants: 40, actions: 60))
    let times = FolderRenderer.eventTimes(session.events)
    var seen: [Int64: Set<Int>] = [:]
    var busiest = 0
    for event in session.events where event.source == .server {
      let milliseconds = try #require(times[event.seq])
      #expect((0...999).contains(milliseconds))
      #expect(seen[event.time, default: []].insert(milliseconds).inserted, "\(event.time)")
      busiest = max(busiest, seen[event.time]?.count ?? 0)
    }
    #expect(busiest > 64)
  }
}
