/// A line diff: the shortest edit script between two sequences of line IDs
/// (Myers' O((N+M)·D) algorithm in its linear-space divide-and-conquer form,
/// after diff-match-patch's bisect). Memory stays linear in the input, so
/// million-line streams diff in place; a subproblem whose edit distance passes
/// `costLimit` is reported as replaced whole — still a correct diff, just not
/// a minimal one — so wildly different inputs cannot take quadratic time.
public enum LineDiff {
  /// What happens to a run of lines.
  public enum Operation: Equatable, Sendable {
    /// Lines in both sequences.
    case equal
    /// Lines only in the first (expected) sequence.
    case delete
    /// Lines only in the second (actual) sequence.
    case insert
  }

  /// A run of `count` lines with the same operation.
  public struct Run: Equatable, Sendable {
    /// What happens to the lines.
    public var operation: Operation
    /// How many lines.
    public var count: Int
  }

  /// The edit script turning `a` into `b`, as runs in order.
  public static func runs(_ a: [Int32], _ b: [Int32], costLimit: Int? = nil) -> [Run] {
    let budget = costLimit ?? max(256, 400_000_000 / max(1, a.count + b.count))
    var differ = Differ(a: a, b: b, costLimit: budget)
    differ.diff(aRange: 0..<a.count, bRange: 0..<b.count)
    return differ.runs
  }

  private struct Differ {
    let a: [Int32]
    let b: [Int32]
    let costLimit: Int
    var runs: [Run] = []

    mutating func emit(_ operation: Operation, _ count: Int) {
      guard count > 0 else { return }
      if let last = runs.last, last.operation == operation {
        runs[runs.count - 1].count += count
      } else {
        runs.append(Run(operation: operation, count: count))
      }
    }

    mutating func diff(aRange: Range<Int>, bRange: Range<Int>) {
      var (aLow, aHigh, bLow, bHigh) = (
        aRange.lowerBound, aRange.upperBound, bRange.lowerBound, bRange.upperBound
      )
      var prefix = 0
      while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] {
        aLow += 1
        bLow += 1
        prefix += 1
      }
      var suffix = 0
      while aLow < aHigh, bLow < bHigh, a[aHigh - 1] == b[bHigh - 1] {
        aHigh -= 1
        bHigh -= 1
        suffix += 1
      }
      emit(.equal, prefix)
      if aLow == aHigh {
        emit(.insert, bHigh - bLow)
      } else if bLow == bHigh {
        emit(.delete, aHigh - aLow)
      } else if let (x, y) = bisect(aLow, aHigh, bLow, bHigh) {
        diff(aRange: aLow..<x, bRange: bLow..<y)
        diff(aRange: x..<aHigh, bRange: y..<bHigh)
      } else {
        emit(.delete, aHigh - aLow)
        emit(.insert, bHigh - bLow)
      }
      emit(.equal, suffix)
    }

    /// A point (x, y) on a shortest edit path, found where the forward and
    /// backward searches meet; `nil` when there is no common line or the
    /// distance exceeds the cost limit.
    func bisect(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) -> (Int, Int)? {
      let n = aHigh - aLow
      let m = bHigh - bLow
      let maxD = min((n + m + 1) / 2, costLimit)
      let offset = maxD + 1
      let length = 2 * maxD + 3
      var forward = [Int](repeating: -1, count: length)
      var backward = [Int](repeating: -1, count: length)
      forward[offset + 1] = 0
      backward[offset + 1] = 0
      let delta = n - m
      let front = delta % 2 != 0
      var (k1start, k1end, k2start, k2end) = (0, 0, 0, 0)
      for d in 0..<maxD {
        var k1 = -d + k1start
        while k1 <= d - k1end {
          let k1Offset = offset + k1
          var x1 =
            (k1 == -d || (k1 != d && forward[k1Offset - 1] < forward[k1Offset + 1]))
            ? forward[k1Offset + 1] : forward[k1Offset - 1] + 1
          var y1 = x1 - k1
          while x1 < n, y1 < m, a[aLow + x1] == b[bLow + y1] {
            x1 += 1
            y1 += 1
          }
          forward[k1Offset] = x1
          if x1 > n {
            k1end += 2
          } else if y1 > m {
            k1start += 2
          } else if front {
            let k2Offset = offset + delta - k1
            if k2Offset >= 0, k2Offset < length, backward[k2Offset] != -1,
              x1 >= n - backward[k2Offset]
            {
              return (aLow + x1, bLow + y1)
            }
          }
          k1 += 2
        }
        var k2 = -d + k2start
        while k2 <= d - k2end {
          let k2Offset = offset + k2
          var x2 =
            (k2 == -d || (k2 != d && backward[k2Offset - 1] < backward[k2Offset + 1]))
            ? backward[k2Offset + 1] : backward[k2Offset - 1] + 1
          var y2 = x2 - k2
          while x2 < n, y2 < m, a[aHigh - x2 - 1] == b[bHigh - y2 - 1] {
            x2 += 1
            y2 += 1
          }
          backward[k2Offset] = x2
          if x2 > n {
            k2end += 2
          } else if y2 > m {
            k2start += 2
          } else if !front {
            let k1Offset = offset + delta - k2
            if k1Offset >= 0, k1Offset < length, forward[k1Offset] != -1 {
              let x1 = forward[k1Offset]
              let y1 = offset + x1 - k1Offset
              if x1 >= n - x2 { return (aLow + x1, bLow + y1) }
            }
          }
          k2 += 2
        }
      }
      return nil
    }
  }
}
