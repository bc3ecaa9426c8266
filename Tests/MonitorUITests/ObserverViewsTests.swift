import Testing

@testable import MonitorUI

/// `ObserverViews` keeps the observers' view places as runs; every row must come back as it was
/// added, whatever the pattern of gaps and places.
@Suite struct ObserverViewsTests {
  static let patterns: [[(participant: Int, remote: Int)]] = [
    [],
    [(0, 0)],
    (0..<1_000).map { ($0, 0) },
    (0..<50).map { ($0, $0 % 3) },
    [(0, 1), (1, 1), (3, 1), (4, 1), (5, 0), (9, 0), (10, 2), (11, 2), (12, 2)],
    (0..<300).filter { !$0.isMultiple(of: 7) }.map { ($0, $0 < 150 ? 0 : 1) },
  ]

  @Test(arguments: patterns.indices)
  func everyRowComesBackAsItWasAdded(pattern: Int) {
    let added = Self.patterns[pattern]
    var views = ObserverViews()
    for entry in added { views.append(participant: entry.participant, remote: entry.remote) }
    #expect(views.count == added.count)
    for (row, entry) in added.enumerated() {
      let found = views[row]
      #expect(found.participant == entry.participant && found.remote == entry.remote)
    }
  }
}
