/// The differences between an expected and an actual event stream, as the
/// regions of a unified diff. Exists so a golden mismatch shows every changed
/// region with context and the scenario step it belongs to — one inserted
/// event reads as one `+` line, not as every later line renumbered.
public struct StreamDiff: Sendable {
  /// One differing region with its context lines.
  public struct Hunk: Equatable, Sendable {
    /// 1-based first line in the expected stream (0 when the region is empty there).
    public let expectedStart: Int
    /// Lines of the expected stream in the region.
    public let expectedCount: Int
    /// 1-based first line in the actual stream.
    public let actualStart: Int
    /// Lines of the actual stream in the region.
    public let actualCount: Int
    /// The step the first changed line belongs to (its runner `step` message).
    public let step: String?
    /// The region's lines, each prefixed `" "`, `"-"` or `"+"`.
    public let lines: [String]
  }

  /// The differing regions, in order; empty when the streams are equal.
  public let hunks: [Hunk]
  /// The expected stream's name.
  public let expectedName: String
  /// The actual stream's name.
  public let actualName: String

  /// Whether the streams are equal (ignoring the fields that only number lines).
  public var isEqual: Bool { hunks.isEmpty }

  /// Compares two streams line by line with `context` unchanged lines around each region.
  public init(expected: JSONLStream, actual: JSONLStream, context: Int = 3) {
    expectedName = expected.name
    actualName = actual.name
    let (a, b) = Self.intern(expected.lines, actual.lines)
    var builder = HunkBuilder(expected: expected, actual: actual, context: max(0, context))
    for run in LineDiff.runs(a, b) { builder.add(run) }
    hunks = builder.finish()
  }

  /// Line texts as small integers, equal texts equal numbers, so the diff compares integers.
  private static func intern(_ a: [String], _ b: [String]) -> ([Int32], [Int32]) {
    var ids: [String: Int32] = [:]
    ids.reserveCapacity(a.count + b.count)
    func id(_ line: String) -> Int32 {
      if let known = ids[line] { return known }
      let new = Int32(truncatingIfNeeded: ids.count)
      ids[line] = new
      return new
    }
    return (a.map(id), b.map(id))
  }

  /// The unified diff: `---`/`+++` headers, then each region as
  /// `@@ -l,n +l,n @@ step` followed by its lines; empty when equal.
  public var unified: String {
    guard !isEqual else { return "" }
    var out = "--- \(expectedName)\n+++ \(actualName)\n"
    for hunk in hunks {
      out +=
        "@@ -\(hunk.expectedStart),\(hunk.expectedCount) +\(hunk.actualStart),\(hunk.actualCount) @@"
      if let step = hunk.step { out += " \(step)" }
      out += "\n"
      for line in hunk.lines { out += line + "\n" }
    }
    return out
  }
}

/// Turns diff runs into hunks: each stretch of changed lines with up to
/// `context` equal lines on each side, stretches closer than twice that merged.
private struct HunkBuilder {
  /// One stretch of changed lines: half-open ranges in each stream.
  struct Block {
    var old: Range<Int>
    var new: Range<Int>
  }

  let expected: JSONLStream
  let actual: JSONLStream
  let context: Int
  var blocks: [Block] = []
  var position = (old: 0, new: 0)

  init(expected: JSONLStream, actual: JSONLStream, context: Int) {
    self.expected = expected
    self.actual = actual
    self.context = context
  }

  mutating func add(_ run: LineDiff.Run) {
    let start = position
    switch run.operation {
    case .equal:
      position = (position.old + run.count, position.new + run.count)
      return
    case .delete: position.old += run.count
    case .insert: position.new += run.count
    }
    if let last = blocks.last, last.old.upperBound == start.old, last.new.upperBound == start.new {
      blocks[blocks.count - 1] = Block(
        old: last.old.lowerBound..<position.old, new: last.new.lowerBound..<position.new)
    } else {
      blocks.append(Block(old: start.old..<position.old, new: start.new..<position.new))
    }
  }

  func finish() -> [StreamDiff.Hunk] {
    var hunks: [StreamDiff.Hunk] = []
    var index = 0
    while index < blocks.count {
      var end = index
      while end + 1 < blocks.count,
        blocks[end + 1].old.lowerBound - blocks[end].old.upperBound <= 2 * context
      {
        end += 1
      }
      hunks.append(hunk(blocks[index...end]))
      index = end + 1
    }
    return hunks
  }

  private func hunk(_ group: ArraySlice<Block>) -> StreamDiff.Hunk {
    guard let first = group.first, let last = group.last else {
      return StreamDiff.Hunk(
        expectedStart: 0, expectedCount: 0, actualStart: 0, actualCount: 0, step: nil, lines: [])
    }
    let lead = min(context, first.old.lowerBound, first.new.lowerBound)
    let trail = min(
      context, expected.lines.count - last.old.upperBound, actual.lines.count - last.new.upperBound)
    var lines: [String] = []
    var equalFrom = first.new.lowerBound - lead
    for block in group {
      lines += actual.lines[equalFrom..<block.new.lowerBound].map { " " + $0 }
      lines += expected.lines[block.old].map { "-" + $0 }
      lines += actual.lines[block.new].map { "+" + $0 }
      equalFrom = block.new.upperBound
    }
    lines += actual.lines[equalFrom..<last.new.upperBound + trail].map { " " + $0 }
    let oldStart = first.old.lowerBound - lead
    let newStart = first.new.lowerBound - lead
    let oldCount = last.old.upperBound + trail - oldStart
    let newCount = last.new.upperBound + trail - newStart
    let step =
      first.new.isEmpty
      ? expected.step(atOrBefore: first.old.lowerBound)
      : actual.step(atOrBefore: first.new.lowerBound)
    return StreamDiff.Hunk(
      expectedStart: oldCount == 0 ? oldStart : oldStart + 1, expectedCount: oldCount,
      actualStart: newCount == 0 ? newStart : newStart + 1, actualCount: newCount, step: step,
      lines: lines)
  }
}
