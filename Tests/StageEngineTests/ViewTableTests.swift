import Testing

@testable import StageEngine

/// `ViewTable` keeps every observer's view of each publisher column in a tracked table of its
/// own; these check that views read back per observer and column, that writes in any column
/// report their observers once, and that a copy (a checkpoint) keeps its own views.
@Suite struct ViewTableTests {
  static func table(observers: Int) -> ViewTable {
    var table = ViewTable()
    for _ in 0..<observers { table.appendParticipant() }
    _ = table.takeChanges()
    return table
  }

  @Test func viewsReadBackPerObserverAndColumn() {
    var table = Self.table(observers: 300)
    table[ViewIndex(observer: 299, column: 11)].version = 7
    table[ViewIndex(observer: 0, column: 3)].known = true
    #expect(table[ViewIndex(observer: 299, column: 11)].version == 7)
    #expect(table[ViewIndex(observer: 299, column: 10)].version == 0)
    #expect(table[ViewIndex(observer: 0, column: 3)].known)
    #expect(!table[ViewIndex(observer: 1, column: 3)].known)
  }

  @Test func writesInAnyColumnReportTheirObserversOnce() {
    var table = Self.table(observers: 20)
    table[ViewIndex(observer: 4, column: 0)].known = true
    table[ViewIndex(observer: 9, column: 5)].known = true
    table[ViewIndex(observer: 4, column: 5)].known = true
    let changes = table.takeChanges()
    #expect(Set(changes.changed.slots) == [4, 9] && changes.changed.slots.count == 2)
    #expect(!changes.grew)
    table.appendParticipant()
    let grown = table.takeChanges()
    #expect(grown.grew && grown.changed.slots.isEmpty)
  }

  @Test func aCopyKeepsItsOwnViews() {
    var live = Self.table(observers: 600)
    let checkpoint = live
    live[ViewIndex(observer: 500, column: 2)].subscribe = .subscribed
    #expect(live[ViewIndex(observer: 500, column: 2)].subscribe == .subscribed)
    #expect(checkpoint[ViewIndex(observer: 500, column: 2)].subscribe == .notSubscribed)
  }
}
