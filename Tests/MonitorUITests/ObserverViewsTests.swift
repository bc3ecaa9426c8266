import Testing

@testable import MonitorUI

/// `ObserverViews` keeps the observers' view places as runs; every row must come back as it was
/// added, whatever the pattern of gaps and places and however the rows were grouped when added.
@Suite struct ObserverViewsTests {
  static let patterns: [[(participant: Int, remote: Int)]] = [
    [],
    [(0, 0)],
    (0..<1_000).map { ($0, 0) },
    (0..<50).map { ($0, $0 % 3) },
    [(0, 1), (1, 1), (3, 1), (4, 1), (5, 0), (9, 0), (10, 2), (11, 2), (12, 2)],
    (0..<300).filter { !$0.isMultiple(of: 7) }.map { ($0, $0 < 150 ? 0 : 1) },
  ]

  /// `added` as stretches of consecutive participants with one place, each at most `longest`
  /// long (1: one by one).
  static func stretches(_ added: [(participant: Int, remote: Int)], longest: Int)
    -> [(participants: Range<Int>, remote: Int)]
  {
    var stretches: [(participants: Range<Int>, remote: Int)] = []
    for entry in added {
      if let last = stretches.last, last.participants.upperBound == entry.participant,
        last.remote == entry.remote, last.participants.count < longest
      {
        stretches[stretches.count - 1].participants =
          last.participants.lowerBound..<(entry.participant + 1)
      } else {
        stretches.append((entry.participant..<(entry.participant + 1), entry.remote))
      }
    }
    return stretches
  }

  @Test(arguments: patterns.indices, [1, 2, 7, Int.max])
  func everyRowComesBackAsItWasAdded(pattern: Int, longest: Int) {
    let added = Self.patterns[pattern]
    var views = ObserverViews()
    for stretch in Self.stretches(added, longest: longest) {
      views.append(participants: stretch.participants, remote: stretch.remote)
    }
    #expect(views.count == added.count)
    for (row, entry) in added.enumerated() {
      let found = views[row]
      #expect(found.participant == entry.participant && found.remote == entry.remote)
    }
  }

  @Test func anEmptyStretchAddsNoRow() {
    var views = ObserverViews()
    views.append(participants: 0..<3, remote: 1)
    views.append(participants: 3..<3, remote: 0)
    views.append(participants: 3..<5, remote: 1)
    #expect(views.count == 5)
    #expect((0..<5).map { views[$0].participant } == [0, 1, 2, 3, 4])
    #expect((0..<5).allSatisfy { views[$0].remote == 1 })
  }
}
