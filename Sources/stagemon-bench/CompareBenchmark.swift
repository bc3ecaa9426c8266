import Foundation
import StreamCompare

/// `--compare` on a million-line stream: reading both sides (dropping `seq`)
/// and diffing them, against the floor of splitting the same texts into lines
/// and comparing them pairwise (what the old first-difference check did).
enum CompareBenchmark {
  static let lineCount = 1_000_000

  /// Prints the figures; returns false only when the diff is wrong.
  static func run() -> Bool {
    let expected = stream { _ in nil }
    let actual = stream { index in
      switch index {
      case 1_000: return ""
      case 500_000: return #","kind":"invented""#
      case 900_000: return #","kind":"changed""#
      default: return nil
      }
    }
    var hunks = 0
    let floor = seconds {
      let a = Array(expected.utf8).split(separator: UInt8(ascii: "\n"))
      let b = Array(actual.utf8).split(separator: UInt8(ascii: "\n"))
      hunks = zip(a, b).count { !$0.elementsEqual($1) }
    }
    var parse = 0.0
    let total = seconds {
      do {
        let start = DispatchTime.now().uptimeNanoseconds
        let old = try JSONLStream(text: expected, name: "expected")
        let new = try JSONLStream(text: actual, name: "actual")
        parse = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        hunks = StreamDiff(expected: old, actual: new).hunks.count
      } catch {
        hunks = -1
      }
    }
    print("stream compare, \(lineCount) lines each, 1 inserted + 1 deleted + 1 changed event")
    print(
      "  baseline: split both (bytes) and compare pairwise  \(String(format: "%.0f", floor * 1000)) ms"
    )
    print(
      "  StreamDiff: read both (seq dropped) + diff  \(String(format: "%.0f", total * 1000)) ms "
        + "(reading \(String(format: "%.0f", parse * 1000)) ms), \(hunks) regions, "
        + "\(String(format: "%.1f", total / floor))× baseline, peak RSS \(String(format: "%.0f", BenchmarkHarness.peakMemoryMiB())) MiB"
    )
    return hunks == 3
  }

  /// A stream of `lineCount` events; `change` may replace line `index`'s tail ("" drops it).
  private static func stream(_ change: (Int) -> String?) -> String {
    var out = ""
    out.reserveCapacity(lineCount * 110)
    var seq = 0
    for index in 0..<lineCount {
      let tail =
        change(index)
        ?? #","time":"2026-01-01T12:00:00Z","source":"client","observer":"v\#(index % 997)","kind":"streamsAdded","participant":"host""#
      if tail.isEmpty { continue }
      seq += 1
      out += #"{"seq":\#(seq)\#(tail)}"# + "\n"
    }
    return out
  }

  private static func seconds(_ body: () -> Void) -> Double {
    BenchmarkHarness.nanoseconds(body) / 1e9
  }
}
