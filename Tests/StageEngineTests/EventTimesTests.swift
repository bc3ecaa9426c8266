import Testing

@testable import StageEngine

/// `EventTimes` keeps one entry per run of events at the same instant; these check it gives
/// every event its own time back, also after a suffix is taken or events are retracted.
@Suite struct EventTimesTests {
  /// Event times as a stage records them: runs, with the clock moving between steps.
  static let recorded: [Int64] = [5, 5, 5, 9, 9, 12, 40, 40, 40, 40]

  static func times(_ recorded: [Int64]) -> EventTimes {
    var times = EventTimes()
    for (index, time) in recorded.enumerated() { times.record(time, at: index) }
    return times
  }

  @Test func everyEventGetsTheTimeItWasRecordedAt() {
    let times = Self.times(Self.recorded)
    #expect(Self.recorded.indices.map(times.time(at:)) == Self.recorded)
  }

  @Test(arguments: 0...10)
  func aSuffixNumbersItsEventsFromZero(start: Int) {
    let kept = Self.times(Self.recorded).suffix(from: start)
    let expected = Array(Self.recorded[start...])
    #expect(expected.indices.map(kept.time(at:)) == expected)
  }

  @Test(arguments: 1...10)
  func retractedEventsLeaveTheEarlierTimesAndMakeRoomForNewOnes(from index: Int) {
    var times = Self.times(Self.recorded)
    times.removeAll(from: index)
    times.record(99, at: index)
    let expected = Array(Self.recorded[..<index]) + [99]
    #expect(expected.indices.map(times.time(at:)) == expected)
  }

  @Test func aCompactEventFitsInTwentyFourBytes() {
    #expect(MemoryLayout<CompactEvent>.stride == 24)
  }
}
