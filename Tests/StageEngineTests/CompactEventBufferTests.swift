import Testing

@testable import StageEngine

/// The stage's noncopyable event buffer: it grows, copies a suffix of its own and forgets a
/// tail exactly as the array it replaced did.
@Suite struct CompactEventBufferTests {
  /// An event told apart by its observer slot.
  static func event(_ number: Int) -> CompactEvent {
    var event = CompactEvent(source: .client, kind: .participantJoined)
    event.observer = number
    return event
  }

  static func buffer(holding count: Int, capacity: Int = 1) -> CompactEventBuffer {
    var buffer = CompactEventBuffer(capacity: capacity)
    for number in 0..<count { buffer.append(event(number)) }
    return buffer
  }

  /// Each event's observer slot, -1 where one has none.
  static func observers(_ buffer: borrowing CompactEventBuffer) -> [Int] {
    (0..<buffer.count).map { buffer[$0].observer ?? -1 }
  }

  @Test(arguments: [0, 1, 2, 3, 64, 1_000])
  func appendingPastItsCapacityKeepsEveryEventInOrder(count: Int) {
    let buffer = Self.buffer(holding: count)
    #expect(Self.observers(buffer) == Array(0..<count))
  }

  @Test(arguments: [(-1, 0), (0, 0), (3, 3), (10, 10), (11, 10), (Int.max, 10)])
  func aSuffixHoldsTheLastEventsUpToItsLimit(limit: Int, kept: Int) {
    let buffer = Self.buffer(holding: 10)
    let suffix = buffer.suffix(limit)
    #expect(Self.observers(suffix) == Array((10 - kept)..<10))
  }

  @Test func aSuffixIsACopyTheBufferNoLongerWritesTo() {
    var buffer = Self.buffer(holding: 4)
    let suffix = buffer.suffix(4)
    buffer.removeEvents(from: 0)
    for number in 100..<200 { buffer.append(Self.event(number)) }
    #expect(Self.observers(suffix) == [0, 1, 2, 3])
  }

  @Test(arguments: [0, 5, 9, 10, 20])
  func forgettingATailMakesRoomAtItsPlace(from index: Int) {
    var buffer = Self.buffer(holding: 10)
    buffer.removeEvents(from: index)
    buffer.append(Self.event(99))
    #expect(Self.observers(buffer) == Array(0..<min(index, 10)) + [99])
  }

  /// The buffer frees its storage without deinitializing events: sound only while a compact
  /// event holds no reference.
  @Test func aCompactEventIsPlainData() {
    #expect(_isPOD(CompactEvent.self))
  }
}
