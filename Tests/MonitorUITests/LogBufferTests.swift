import MonitorUI
import StageEngine
import Testing

@Suite struct LogBufferTests {
  static func line(_ seq: Int, _ kind: EventKind = .step, message: String = "") -> LogLine {
    var event = StageEvent(source: .runner, kind: kind, seq: seq)
    event.message = message
    return LogLine(event)
  }

  @Test func boundKeepsTheNewestLines() {
    var log = LogBuffer(capacity: 3)
    for seq in 1...10 { log.append(Self.line(seq)) }
    #expect(log.count == 3)
    #expect(
      log.window(limit: 10, offsetFromEnd: 0).compactMap { log.line($0)?.event?.seq } == [8, 9, 10])
  }

  @Test func filterNarrowsLinesAndFollowsNewOnes() {
    var log = LogBuffer(capacity: 100)
    for seq in 1...6 { log.append(Self.line(seq, message: seq.isMultiple(of: 2) ? "even" : "odd")) }
    log.setFilter("EVEN")
    #expect(log.visibleCount == 3)
    log.append(Self.line(7, message: "even"))
    log.append(Self.line(8, message: "odd"))
    #expect(log.visibleLines().map(\.event?.seq) == [2, 4, 6, 7])
  }

  @Test func filteredLinesDropWithTheBound() {
    var log = LogBuffer(capacity: 4)
    log.setFilter("keep")
    for seq in 1...10 { log.append(Self.line(seq, message: seq > 8 ? "keep" : "keep old")) }
    #expect(log.visibleLines().map(\.event?.seq) == [7, 8, 9, 10])
  }

  @Test func pauseFreezesTheViewAndCountsNewLines() {
    var log = LogBuffer(capacity: 100)
    for seq in 1...3 { log.append(Self.line(seq)) }
    log.pause()
    for seq in 4...8 { log.append(Self.line(seq)) }
    #expect(log.newSincePause == 5)
    #expect(log.visibleLines().map(\.event?.seq) == [1, 2, 3])
    log.resume()
    #expect(log.visibleCount == 8)
  }

  @Test func windowScrollsFromTheEnd() {
    var log = LogBuffer(capacity: 100)
    for seq in 1...10 { log.append(Self.line(seq)) }
    #expect(
      log.window(limit: 3, offsetFromEnd: 2).compactMap { log.line($0)?.event?.seq } == [6, 7, 8])
  }
}
