import Testing

@testable import StreamCompare

/// The line diff is a correct edit script (it rebuilds the second sequence from
/// the first) and a shortest one on small cases.
@Suite struct LineDiffTests {
  static func ids(_ text: String) -> [Int32] { text.utf8.map { Int32($0) } }

  /// Applies `runs` to `a` using `b` for inserted lines; the result must be `b`.
  static func apply(_ runs: [LineDiff.Run], _ a: [Int32], _ b: [Int32]) -> [Int32] {
    var out: [Int32] = []
    var (i, j) = (0, 0)
    for run in runs {
      switch run.operation {
      case .equal:
        out += a[i..<i + run.count]
        #expect(Array(a[i..<i + run.count]) == Array(b[j..<j + run.count]))
        i += run.count
        j += run.count
      case .delete: i += run.count
      case .insert:
        out += b[j..<j + run.count]
        j += run.count
      }
    }
    #expect(i == a.count)
    return out
  }

  static func editCount(_ runs: [LineDiff.Run]) -> Int {
    runs.filter { $0.operation != .equal }.map(\.count).reduce(0, +)
  }

  @Test(arguments: [
    ("abcabba", "cbabac", 5), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0),
    ("abcdef", "abxdef", 2), ("xabc", "abcx", 2), ("aaaa", "aa", 2), ("abab", "baba", 2),
  ])
  func shortestScriptOnSmallCases(a: String, b: String, edits: Int) {
    let (x, y) = (Self.ids(a), Self.ids(b))
    let runs = LineDiff.runs(x, y)
    #expect(Self.apply(runs, x, y) == y)
    #expect(Self.editCount(runs) == edits)
  }

  @Test func rebuildsPseudoRandomSequences() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int32 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int32(truncatingIfNeeded: (seed >> 33) % UInt64(bound))
    }
    for _ in 0..<200 {
      let a = (0..<Int(next(60))).map { _ in next(5) }
      let b = (0..<Int(next(60))).map { _ in next(5) }
      #expect(Self.apply(LineDiff.runs(a, b), a, b) == b)
    }
  }

  @Test func aCostLimitStillGivesACorrectScript() {
    let a = (0..<500).map { Int32($0 % 7) }
    let b = (0..<500).map { Int32(($0 * 3) % 11) }
    let runs = LineDiff.runs(a, b, costLimit: 4)
    #expect(Self.apply(runs, a, b) == b)
  }

  @Test func aMillionLinesWithAFewChanges() {
    let a = (0..<1_000_000).map { Int32($0) }
    var b = a
    b.remove(at: 10)
    b.insert(-1, at: 500_000)
    b[999_000] = -2
    let runs = LineDiff.runs(a, b)
    #expect(Self.apply(runs, a, b) == b)
    #expect(Self.editCount(runs) == 4)
  }
}
