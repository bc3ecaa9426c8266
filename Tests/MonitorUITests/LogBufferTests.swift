import MonitorUI
import StageEngine
import Testing

@Suite struct LogBufferTests {
  static func line(_ seq: Int, _ kind: EventKind = .step, message: String = "") -> StageEvent {
    var event = StageEvent(source: .runner, kind: kind, seq: seq)
    event.message = message
    return event
  }

  /// Client events varied in observer, participant, attributes and case, as a burst delivers.
  static func clientEvent(_ seq: Int) -> StageEvent {
    var event = StageEvent(
      source: .client, kind: seq.isMultiple(of: 3) ? .error : .participantJoined,
      observer: "Viewer\(seq % 5)", name: "onParticipantJoined", participant: "Host\(seq % 2)",
      seq: seq, time: VirtualTime.defaultStart + Int64(seq * 37))
    event.attributes = ["order": "\(seq % 4)"]
    return event
  }

  @Test func lazilyFormattedLineEqualsTheEagerlyFormattedOne() throws {
    var log = LogBuffer(capacity: 50)
    let events = (1...40).map(Self.clientEvent)
    for event in events { log.append(event) }
    for (number, event) in events.enumerated() {
      let lazy = try #require(log.line(number))
      let eager = LogLine(event)
      #expect(
        [lazy.time, lazy.source, lazy.observer, lazy.name, lazy.subject, lazy.searchText]
          == [
            eager.time, eager.source, eager.observer, eager.name, eager.subject, eager.searchText,
          ])
      #expect(lazy.category == eager.category)
    }
  }

  @Test(arguments: ["viewer3", "HOST1 ", "order=2", "error", "00:", "viewer1 onparticipant"])
  func filterOverLazyLinesMatchesEveryEagerLine(filter: String) {
    var log = LogBuffer(capacity: 30)
    let events = (1...60).map(Self.clientEvent)
    for event in events[..<25] { log.append(event) }
    log.setFilter(String(filter.prefix(3)))
    for event in events[25..<45] { log.append(event) }
    log.setFilter(filter)
    for event in events[45...] { log.append(event) }
    let expected = events.suffix(30).filter {
      LogLine($0).searchText.contains(filter.lowercased())
    }
    #expect(log.visibleLines().map(\.event?.seq) == expected.map(\.seq))
  }

  /// A ready-made line as the customer's records give one (no model event).
  static func recordedLine(_ second: Int64, _ subject: String) -> LogLine {
    LogLine(
      second: second, source: "recorded", sourceRole: .recorded, name: "PARTICIPANT_JOINED",
      subject: subject, category: .of(.participantJoined))
  }

  @Test func recordedLinesStayAsMadeBesideLazyEvents() throws {
    var log = LogBuffer(capacity: 10)
    let events = (1...6).map(Self.clientEvent)
    for event in events[..<3] { log.append(event) }
    log.append(Self.recordedLine(VirtualTime.defaultStart, "host DIVERGES: no model event"))
    for event in events[3...] { log.append(event) }
    let recorded = try #require(log.line(3))
    #expect(recorded.event == nil)
    #expect(recorded.subject == "host DIVERGES: no model event")
    #expect(
      recorded.searchText == "12:00:00 recorded participant_joined host diverges: no model event")
    #expect(log.visibleLines().map(\.event?.seq) == [1, 2, 3, nil, 4, 5, 6])
    log.setFilter("diverges")
    #expect(log.visibleLines().map(\.source) == ["recorded"])
    log.setFilter("viewer")
    #expect(log.visibleLines().map(\.event?.seq) == [1, 2, 3, 4, 5, 6])
  }

  /// A burst longer than the log keeps exactly what appending its events one by one keeps:
  /// lines, numbers, filter matches and the pause count.
  @Test(arguments: [
    (0, 7, ""), (4, 7, ""), (10, 25, "viewer2"), (3, 8, "error"), (9, 10, ""), (4, 3, "host1"),
  ])
  func aBurstKeepsWhatAppendingOneByOneKeeps(before: Int, burst: Int, filter: String) {
    let events = (1...(before + burst)).map(Self.clientEvent)
    var single = LogBuffer(capacity: 5)
    single.setFilter(filter)
    for event in events[..<before] { single.append(event) }
    single.pause()
    var batched = single
    for event in events[before...] { single.append(event) }
    batched.append(EventBatch(Array(events[before...])))
    #expect(batched.appended == single.appended)
    #expect(batched.newSincePause == single.newSincePause)
    #expect(batched.visibleLines().map(\.event?.seq) == single.visibleLines().map(\.event?.seq))
    single.resume()
    batched.resume()
    #expect(batched.visibleLines().map(\.event?.seq) == single.visibleLines().map(\.event?.seq))
    let numbers = single.oldest..<single.appended
    #expect(
      numbers.map { batched.line($0)?.event?.seq } == numbers.map { single.line($0)?.event?.seq })
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
