import IVSRules
import MonitorUI
import StageEngine
import Testing

/// "Who sees what" keeps where each observer's view is and makes a row only when asked.
@Suite struct WhoSeesWhatTests {
  @Test func rowsAreEveryObserverThatSeesTheSubjectInTableOrderThenCompositions() throws {
    let snapshot = try Fixture.demo().state.snapshot
    let table = WhoSeesWhat(about: "host", in: snapshot)
    let seeing = snapshot.participants.compactMap { participant in
      participant.remotes.first { $0.participant == "host" }.map { (participant, $0) }
    }
    #expect(!seeing.isEmpty)
    let rows = table.rows(in: snapshot)
    #expect(table.count == seeing.count + 1)
    #expect(rows.map(\.observer) == seeing.map(\.0.id) + ["composition"])
    #expect(rows.dropLast().map(\.believed) == seeing.map(\.1.believed))
    #expect(rows.dropLast().map(\.profile) == seeing.map(\.0.sdk.description))
    #expect(rows.dropLast().map(\.isStale) == seeing.map(\.1.isStale))
  }

  /// Observers that see the publishers alike share one array; the table reuses where the
  /// subject is in it, and must still search each array held elsewhere.
  @Test func sharedArraysAndTheOnesBetweenThemAreEachSearched() throws {
    var snapshot = try Fixture.demo().state.snapshot
    var seer = try #require(snapshot.participants.first { !$0.remotes.isEmpty })
    let view = seer.remotes[0]
    let subject = view.participant
    var other = view
    other.participant = "other"
    seer.remotes = [other, view]
    var reversed = seer
    reversed.remotes = [view, other]
    var blind = seer
    blind.remotes = [other]
    snapshot.participants = [seer, seer, reversed, seer, blind, blind, seer, reversed]
    for index in snapshot.participants.indices { snapshot.participants[index].id = "o\(index)" }
    let table = WhoSeesWhat(about: subject, in: snapshot)
    let rows = table.rows(in: snapshot).filter { $0.observer.hasPrefix("o") }
    #expect(rows.map(\.observer) == ["o0", "o1", "o2", "o3", "o6", "o7"])
    let expected = snapshot.participants.compactMap {
      $0.remotes.first { $0.participant == subject }
    }
    #expect(rows.map(\.believed) == expected.map(\.believed))
  }

  /// The clever against the obvious: the rules `staleRules` reads a stretch at a time are the
  /// distinct rules of the rows, first cited first, whether observers share arrays or not.
  @Test func staleRulesAreTheDistinctRulesOfTheRows() throws {
    var snapshot = try Fixture.demo().state.snapshot
    var seer = try #require(snapshot.participants.first { !$0.remotes.isEmpty })
    var view = seer.remotes[0]
    let subject = view.participant
    view.isStale = false
    view.staleRule = nil
    var republish = view
    republish.isStale = true
    republish.staleRule = .visibilityRepublishOnly
    var other = republish
    other.participant = "other"
    other.staleRule = .compositionLayoutOnReconnect
    seer.remotes = [other, view]
    var stale = seer
    stale.remotes = [other, republish]
    var late = republish
    late.staleRule = .visibilityLateObserver
    var reversed = seer
    reversed.remotes = [late, other]
    snapshot.participants = [seer, seer, stale, stale, seer, reversed, stale]
    for index in snapshot.participants.indices { snapshot.participants[index].id = "o\(index)" }
    let table = WhoSeesWhat(about: subject, in: snapshot)
    let cited = table.rows(in: snapshot).compactMap(\.rule)
    let unique = cited.reduce(into: [RuleID]()) { if !$0.contains($1) { $0.append($1) } }
    #expect(unique.prefix(2) == [.visibilityRepublishOnly, .visibilityLateObserver])
    #expect(table.staleRules(in: snapshot) == unique)
    let demo = try Fixture.demoOnReconnect(steps: 3).state.snapshot
    for participant in demo.participants {
      let table = WhoSeesWhat(about: participant.id, in: demo)
      let cited = table.rows(in: demo).compactMap(\.rule)
      let unique = cited.reduce(into: [RuleID]()) { if !$0.contains($1) { $0.append($1) } }
      #expect(table.staleRules(in: demo) == unique, "\(participant.id)")
    }
  }

  @Test func aSubjectNobodySeesHasOnlyCompositionRowsOrNone() throws {
    let snapshot = try Fixture.demo().state.snapshot
    let table = WhoSeesWhat(about: "viewer-web", in: snapshot)
    #expect(table.rows(in: snapshot).allSatisfy { $0.observer.hasPrefix("comp") })
    #expect(WhoSeesWhat(about: "nobody", in: snapshot).count == 0)
  }

  @Test(arguments: [-1, 99])
  func aRowOutsideTheTableIsNil(index: Int) throws {
    let snapshot = try Fixture.demo().state.snapshot
    #expect(WhoSeesWhat(about: "host", in: snapshot).row(index, in: snapshot) == nil)
  }

  @Test func aViewTheSnapshotNoLongerHoldsIsNilNotAnotherParticipantsRow() throws {
    var snapshot = try Fixture.demo().state.snapshot
    let table = WhoSeesWhat(about: "host", in: snapshot)
    let first = try #require(table.row(0, in: snapshot))
    let index = try #require(snapshot.participants.firstIndex { $0.id == first.observer })
    snapshot.participants[index].remotes = []
    #expect(table.row(0, in: snapshot) == nil)
    snapshot.participants.removeAll()
    #expect(table.row(0, in: snapshot) == nil)
  }
}
