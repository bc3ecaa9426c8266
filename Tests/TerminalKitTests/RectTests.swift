import Testing

@testable import TerminalKit

@Suite struct RectTests {
  let screen = Rect(x: 0, y: 0, width: 80, height: 24)

  @Test func columnsByFixedPercentAndFill() {
    let parts = screen.columns([.fixed(10), .percent(50), .fill])
    #expect(parts.map(\.width) == [10, 40, 30])
    #expect(parts.map(\.x) == [0, 10, 50])
    #expect(parts.allSatisfy { $0.height == 24 && $0.y == 0 })
  }

  @Test func rowsShareFillEvenlyWithRemainderFirst() {
    let parts = Rect(x: 2, y: 3, width: 10, height: 7).rows([.fill, .fill, .fixed(2)])
    #expect(parts.map(\.height) == [3, 2, 2])
    #expect(parts.map(\.y) == [3, 6, 8])
  }

  @Test func fixedPartsAreCappedWhenSpaceRunsOut() {
    let parts = Rect(width: 5, height: 1).columns([.fixed(4), .fixed(4), .fill])
    #expect(parts.map(\.width) == [4, 1, 0])
  }

  @Test func negativeSizesClampToZero() {
    #expect(Rect(width: -3, height: 2).isEmpty)
    #expect(Rect(width: 3, height: 3).inset(by: 2).isEmpty)
  }

  @Test func intersectionOfDisjointRectsIsEmpty() {
    let left = Rect(x: 0, y: 0, width: 2, height: 2)
    #expect(left.intersection(Rect(x: 5, y: 5, width: 2, height: 2)).isEmpty)
    #expect(
      left.intersection(Rect(x: 1, y: 1, width: 5, height: 5))
        == Rect(x: 1, y: 1, width: 1, height: 1))
  }
}
