import InputKit
import JSONKit

/// A stream diff for a terminal: removed lines red, added lines green, region headers cyan,
/// and inside a removed line followed by an added one the fields that changed in reverse
/// video — so a one-field change in a 300-byte event line is seen at a glance. Plain text
/// (`StreamDiff.unified`) stays the form for files, pipes and `NO_COLOR`. Every line passes
/// `TerminalText.safe` before it is painted, so a golden's bytes never reach the terminal as
/// escapes of their own: the colours are the only ones (`Console.writeStyled`).
extension StreamDiff {
  /// The unified diff with ANSI colours.
  public var coloured: String {
    guard !isEqual else { return "" }
    var out = Self.paint("--- \(expectedName)", Self.red) + "\n"
    out += Self.paint("+++ \(actualName)", Self.green) + "\n"
    for hunk in hunks {
      var header =
        "@@ -\(hunk.expectedStart),\(hunk.expectedCount) +\(hunk.actualStart),\(hunk.actualCount) @@"
      if let step = hunk.step { header += " \(step)" }
      out += Self.paint(header, Self.cyan) + "\n"
      out += Self.colouredLines(hunk.lines).map { $0 + "\n" }.joined()
    }
    return out
  }

  static let red = "\u{1B}[31m"
  static let green = "\u{1B}[32m"
  static let cyan = "\u{1B}[36m"
  static let reset = "\u{1B}[0m"
  static let reverse = "\u{1B}[7m"
  static let noReverse = "\u{1B}[27m"

  private static func paint(_ text: String, _ colour: String) -> String {
    colour + TerminalText.safe(text) + reset
  }

  /// Each run of removed lines is paired with the run of added lines after it, line by line,
  /// and each pair's differing fields are highlighted.
  static func colouredLines(_ lines: [String]) -> [String] {
    var out: [String] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("-") else {
        let line = lines[index]
        out.append(line.hasPrefix("+") ? paint(line, green) : TerminalText.safe(line))
        index += 1
        continue
      }
      let removedEnd = lines[index...].firstIndex { !$0.hasPrefix("-") } ?? lines.count
      let addedEnd = lines[removedEnd...].firstIndex { !$0.hasPrefix("+") } ?? lines.count
      let removed = Array(lines[index..<removedEnd])
      let added = Array(lines[removedEnd..<addedEnd])
      for (offset, line) in removed.enumerated() {
        let partner = offset < added.count ? String(added[offset].dropFirst()) : nil
        out.append(highlight(line, against: partner, colour: red))
      }
      for (offset, line) in added.enumerated() {
        let partner = offset < removed.count ? String(removed[offset].dropFirst()) : nil
        out.append(highlight(line, against: partner, colour: green))
      }
      index = addedEnd
    }
    return out
  }

  /// `line` (with its `-`/`+`) in `colour`, the members absent from `partner` reversed.
  private static func highlight(_ line: String, against partner: String?, colour: String)
    -> String
  {
    let body = String(line.dropFirst())
    guard let partner, let members = JSONMembers.split(body),
      let others = JSONMembers.split(partner)
    else { return paint(line, colour) }
    let kept = Set(others.members)
    var out = colour + String(line.prefix(1)) + members.open
    for (index, member) in members.members.enumerated() {
      if index > 0 { out += "," }
      let shown = TerminalText.safe(member)
      out += kept.contains(member) ? shown : reverse + shown + noReverse
    }
    return out + members.close + reset
  }
}

/// A one-line JSON object cut into its top-level `"key":value` members as written.
enum JSONMembers {
  /// The members and the braces, or nil when `line` is not `{…}`.
  static func split(_ line: String) -> (open: String, members: [String], close: String)? {
    let bytes = Array(line.utf8)
    guard bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}"), bytes.count >= 2
    else { return nil }
    var members: [String] = []
    var depth = 0
    var strings = JSONStringTracker()
    var start = 1
    for index in 1..<(bytes.count - 1) {
      let byte = bytes[index]
      guard strings.take(byte) == .structure else { continue }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: ","):
        guard depth == 0 else { continue }
        members.append(String(decoding: bytes[start..<index], as: UTF8.self))
        start = index + 1
      default: continue
      }
    }
    if start < bytes.count - 1 {
      members.append(String(decoding: bytes[start..<(bytes.count - 1)], as: UTF8.self))
    }
    return ("{", members, "}")
  }
}
