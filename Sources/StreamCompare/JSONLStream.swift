/// One event stream read for comparison: its lines with the fields that only
/// number them (`seq`) removed, and where each scenario step starts, so a diff
/// can say which step each differing region belongs to.
public struct JSONLStream: Sendable {
  /// The name shown in the diff header (a file path, or "this run of X").
  public let name: String
  /// Each line as compared: the ignored fields removed, the rest byte for byte.
  public let lines: [String]
  /// Indices of the lines that are runner `step` events, ascending.
  let stepLines: [Int]

  /// Fields ignored unless told otherwise: `seq` only numbers the lines.
  public static let lineNumberingFields = ["seq"]

  /// Reads JSONL text: one JSON object per line, a final newline optional.
  /// Throws naming the first line that is not a JSON object.
  public init(text: String, name: String, ignoring fields: [String] = lineNumberingFields)
    throws(StreamFormatError)
  {
    self.name = name
    let normalizer = LineNormalizer(ignoring: fields)
    let bytes = Array(text.utf8)
    var lines: [String] = []
    var steps: [Int] = []
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      guard let line = normalizer.normalize(bytes[start..<end]) else {
        throw StreamFormatError(name: name, line: lines.count + 1, text: bytes[start..<end])
      }
      if Self.isStep(line) { steps.append(lines.count) }
      lines.append(String(decoding: line, as: UTF8.self))
      start = end + 1
    }
    self.lines = lines
    stepLines = steps
  }

  private static let stepMarker = Array(#""kind":"step""#.utf8)

  /// Whether a line is a runner `step` event (byte search: no String work per line).
  private static func isStep(_ line: [UInt8]) -> Bool {
    let marker = stepMarker
    guard line.count >= marker.count else { return false }
    var index = 0
    while index <= line.count - marker.count {
      if line[index] == marker[0], line[index..<index + marker.count].elementsEqual(marker) {
        return true
      }
      index += 1
    }
    return false
  }

  /// The `message` of the last step event at or before line `index`, e.g.
  /// `steps[4] exchange guest capabilities=[publish,subscribe]`.
  func step(atOrBefore index: Int) -> String? {
    var low = 0
    var high = stepLines.count
    while low < high {
      let middle = (low + high) / 2
      if stepLines[middle] <= index { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    return StepLabel.message(of: lines[stepLines[low - 1]])
  }
}

/// Why a file cannot be compared: it is not JSONL (one JSON object per line).
public struct StreamFormatError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The stream's name.
  public let name: String
  /// 1-based line number of the first line that is not a JSON object.
  public let line: Int
  /// The start of that line.
  public let excerpt: String

  init(name: String, line: Int, text: ArraySlice<UInt8>) {
    self.name = name
    self.line = line
    let head = String(decoding: text.prefix(60), as: UTF8.self)
    excerpt = head.isEmpty ? "(an empty line)" : head
  }

  /// `NAME: line N is not a JSON object (…); expected JSONL, one event per line`.
  public var description: String {
    "\(name): line \(line) is not a JSON object (\(excerpt)); expected JSONL, one event per line"
  }
}
