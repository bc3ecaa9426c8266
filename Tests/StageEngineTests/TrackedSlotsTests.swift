import Testing

@testable import StageEngine

/// `TrackedSlots` stores its elements in chunks so that a copy kept by time travel shares them
/// until either side writes: each side sees only its own writes, and writes are still tracked
/// per participant.
@Suite struct TrackedSlotsTests {
  /// A slot's state: a value, and a stamp other participants' snapshots show.
  struct Cell: SlotState, Equatable {
    var value: Int
    var stampSeenByOthers = 0
    var summary: Int { value * 10 }
    static var keepsSummaries: Bool { true }
  }

  /// A table of `count` participants, values 0, 1, 2, …, its changes taken.
  static func table(count: Int) -> TrackedSlots<Cell> {
    var table = TrackedSlots<Cell>()
    for value in 0..<count { table.append(Cell(value: value)) }
    _ = table.takeChanges()
    return table
  }

  /// Sizes around chunk boundaries, and several chunks.
  static let sizes = [
    1, TrackedSlots<Cell>.chunkSize - 1, TrackedSlots<Cell>.chunkSize,
    TrackedSlots<Cell>.chunkSize + 1, 3 * TrackedSlots<Cell>.chunkSize + 7,
  ]

  @Test(arguments: sizes)
  func elementsKeepTheirOrderAcrossChunks(_ count: Int) {
    let table = Self.table(count: count)
    #expect(table.count == count)
    #expect(table.map(\.value) == Array(0..<count))
  }

  @Test(arguments: sizes)
  func summariesFollowEveryAppendAndWrite(_ count: Int) {
    var table = Self.table(count: count)
    table[count - 1].value = -1
    table[0].value += 100
    #expect(table.summaries == table.map(\.summary))
    #expect(table.summaries.last == (count == 1 ? 990 : -10))
  }

  @Test(arguments: sizes)
  func aCopyIsUnaffectedByWritesToTheOriginalAndTheOtherWay(_ count: Int) {
    var live = Self.table(count: count)
    var checkpoint = live
    var expectedLive = Array(0..<count)
    var expectedCheckpoint = expectedLive
    for index in [0, count / 2, count - 1] {
      live[index].value = -1 - index
      expectedLive[index] = -1 - index
    }
    #expect(checkpoint.map(\.value) == expectedCheckpoint)
    checkpoint[count / 2].value = count
    expectedCheckpoint[count / 2] = count
    #expect(live.map(\.value) == expectedLive)
    #expect(checkpoint.map(\.value) == expectedCheckpoint)
  }

  @Test func appendingToACopyLeavesTheOriginalAsItWas() {
    let size = TrackedSlots<Cell>.chunkSize + 3
    let original = Self.table(count: size)
    var copy = original
    copy.append(Cell(value: size))
    copy[size - 1].value = -1
    #expect(original.count == size)
    #expect(original.map(\.value) == Array(0..<size))
    #expect(copy.map(\.value) == Array(0..<(size - 1)) + [-1, size])
  }

  @Test func writesAreTrackedPerParticipant() {
    var table = Self.table(count: 100)
    table[5].value = 0
    table[70].stampSeenByOthers += 1
    table[5].value = 1
    let changes = table.takeChanges()
    #expect(changes.changed.slots == [5, 70])
    #expect(changes.forOthers.slots == [70])
    #expect(!changes.grew)
    #expect(table.takeChanges().changed.slots.isEmpty)
  }

  /// A fan-out writes one element several times in a row; every write is still tracked, also
  /// the first after the changes were taken, and a later one that changes what others see.
  @Test func repeatedWritesToOneElementAreTrackedAcrossTakes() {
    var table = Self.table(count: 10)
    let index = 7
    table[index].value = 1
    table[index].value = 2
    table[index].stampSeenByOthers += 1
    let first = table.takeChanges()
    #expect(first.changed.slots == [7] && first.forOthers.slots == [7])
    table[index].value = 3
    let second = table.takeChanges()
    #expect(second.changed.slots == [7] && second.forOthers.slots.isEmpty)
    #expect(table[index].value == 3)
  }

  @Test func aCopyKeepsTrackingItsOwnWrites() {
    var live = Self.table(count: 2 * TrackedSlots<Cell>.chunkSize)
    var checkpoint = live
    live[300].value = 0
    checkpoint[10].value = 0
    #expect(live.takeChanges().changed.slots == [300])
    #expect(checkpoint.takeChanges().changed.slots == [10])
  }

  @Test func appendingReportsGrowth() {
    var table = Self.table(count: 3)
    table.append(Cell(value: 3))
    #expect(table.takeChanges().grew)
    #expect(!table.takeChanges().grew)
  }
}
