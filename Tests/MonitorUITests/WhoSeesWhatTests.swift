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
