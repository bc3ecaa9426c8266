import Testing

@testable import JSONKit

/// A window that must hold one value as large as the whole input (a huge string) grows by
/// `WindowGrowth`: counting each growth's old bytes and their copy, it never holds more than
/// 1.25 times the input (issue 32 item 13), where doubling holds up to twice it.
struct WindowGrowthTests {
  /// The most bytes in memory while a window reads `size` bytes that it must hold whole,
  /// a 64 KiB chunk at a time from a window of 1 MiB: at each growth, the bytes held and
  /// their copy; at the end, all of them.
  static func peak(size: Int, knowingSize: Bool) -> Int {
    let chunk = 1 << 16
    var held = 0
    var capacity = 0
    var peak = 0
    while held < size {
      let target = max(1 << 20, 2 * held + 1)
      let wanted = WindowGrowth.capacity(
        target: target, held: held, unread: knowingSize ? size - held : nil, chunk: chunk)
      if wanted > capacity {
        peak = max(peak, 2 * held)
        capacity = wanted
      }
      while held < min(target, size) {
        let next = min(held + chunk, size)
        if next > capacity {
          // An array's own growth: it doubles, copying what it holds.
          peak = max(peak, 2 * held)
          capacity = max(next, 2 * capacity)
        }
        held = next
      }
      peak = max(peak, held)
    }
    return peak
  }

  /// Input sizes from 1 MiB to 40 MiB, a chunk and a byte apart, so every place a growth can
  /// fall relative to the end of the input is met.
  static let sizes = Array(stride(from: 1 << 20, through: 40 << 20, by: (1 << 16) + 1))

  /// The largest peak over `sizes`, as a multiple of the input.
  static func worstRatio(knowingSize: Bool) -> Double {
    sizes.map { Double(peak(size: $0, knowingSize: knowingSize)) / Double($0) }.max() ?? 0
  }

  @Test func aValueAsLargeAsTheInputCostsAtMostAQuarterMore() {
    #expect(Self.worstRatio(knowingSize: true) <= 1.25)
  }

  @Test(arguments: [(512 << 20) + 7, 2 << 30])
  func soDoesOneAtTheRecordsCap(size: Int) {
    #expect(Double(Self.peak(size: size, knowingSize: true)) <= 1.25 * Double(size))
  }

  @Test func withoutTheSizeTheWindowCanCostTwice() {
    #expect(Self.worstRatio(knowingSize: false) > 1.9)
  }
}
