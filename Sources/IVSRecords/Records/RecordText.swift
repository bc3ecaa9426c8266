import InputKit
import JSONKit

/// What people actually send as records, made JSON or refused with the fix named: a UTF-8
/// byte order mark (dropped), PowerShell's UTF-16 (made UTF-8), the AWS CLI's
/// `--output text|yaml|table` and its error text ("rerun with `--output json`", "this is
/// an AWS error"), so a support engineer never reads a JSON parser's complaint about a
/// file that was never JSON.
enum RecordText {
  /// `bytes` as UTF-8 JSON text, or an error naming `file` and what to do instead.
  static func prepared(_ bytes: [UInt8], file: String) throws(RecordError) -> [UInt8] {
    var text = bytes
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
    if let bigEndian = utf16ByteOrder(text) {
      text = try utf8(fromUTF16: text, bigEndian: bigEndian, file: file)
    }
    guard let first = text.firstIndex(where: { !isSpace($0) }) else { return text }
    if text[first] == UInt8(ascii: "{") || text[first] == UInt8(ascii: "[") { return text }
    let words = String(decoding: text[first...].prefix(4096), as: UTF8.self)
    if let message = awsErrorText(words) ?? cliOutput(words) {
      throw RecordError(file: file, location: "", message: message)
    }
    if let events = try LogsInsightsCSV.events(text[first...], file: file) { return events }
    return text
  }

  /// The fix for JSON whose quotes a chat app or word processor made typographic (“ ” ‘ ’),
  /// or nil when it has none: such a paste is not JSON, and guessing which quote was meant
  /// could change a value.
  static func typographicQuotes(_ bytes: [UInt8]) -> String? {
    let curly: [[UInt8]] = [[0xE2, 0x80, 0x9C], [0xE2, 0x80, 0x9D]]
    var index = bytes.startIndex
    while let found = bytes[index...].firstIndex(of: 0xE2) {
      let next = bytes[found...].prefix(3)
      if curly.contains(where: { $0.elementsEqual(next) }) {
        return "the JSON's quotes are typographic (“ ”), as a chat app or word processor makes"
          + " them: ask for the file itself (attached, not pasted), or the command's output saved"
          + " with > FILE"
      }
      index = found + 1
    }
    return nil
  }

  /// How a streamed read turns a file into what `prepared` makes of it, when that is JSON
  /// starting with `{` or `[`: the bytes of a UTF-8 byte order mark to skip, and UTF-16's
  /// byte order (true: big endian) when the rest is UTF-16.
  struct StreamForm {
    let mark: Int
    let utf16BigEndian: Bool?
  }

  /// The stream form of a file whose first bytes are `head`, or nil when `prepared` would
  /// refuse or change it otherwise (CLI text, an AWS error line, invalid UTF-16): such a
  /// file is read whole.
  static func streamForm(_ head: [UInt8]) -> StreamForm? {
    let mark = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var text = Array(head.dropFirst(mark))
    let order = utf16ByteOrder(text)
    if let bigEndian = order {
      var transcoder = UTF16Transcoder(bigEndian: bigEndian)
      text = transcoder.take(text[...])
      guard !transcoder.failed else { return nil }
    }
    guard let first = text.first(where: { !isSpace($0) }),
      first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    else { return nil }
    return StreamForm(mark: mark, utf16BigEndian: order)
  }

  /// Whether `bytes` are UTF-16 (by its byte order mark, or by the zero bytes of ASCII
  /// text), and in which order: true for big endian.
  static func utf16ByteOrder(_ bytes: [UInt8]) -> Bool? {
    guard bytes.count >= 2 else { return nil }
    switch (bytes[0], bytes[1]) {
    case (0xFF, 0xFE): return false
    case (0xFE, 0xFF): return true
    case (let a, 0) where a != 0: return false
    case (0, let b) where b != 0: return true
    default: return nil
    }
  }

  private static func utf8(fromUTF16 bytes: [UInt8], bigEndian: Bool, file: String)
    throws(RecordError) -> [UInt8]
  {
    var transcoder = UTF16Transcoder(bigEndian: bigEndian)
    let text = transcoder.take(bytes[...])
    guard transcoder.isComplete else {
      throw RecordError(
        file: file, location: "",
        message: "looks like UTF-16 (as PowerShell writes) but is not valid UTF-16; save it as "
          + "UTF-8 (PowerShell: `| Out-File -Encoding utf8`)")
    }
    return text
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The AWS CLI's error line (`An error occurred (Code) when calling the Op operation:
  /// message`) as a sentence, or nil.
  private static func awsErrorText(_ text: String) -> String? {
    guard let open = text.range(of: "An error occurred ("),
      let close = text[open.upperBound...].firstIndex(of: ")")
    else {
      if text.hasPrefix("Unable to locate credentials") || text.hasPrefix("usage: aws")
        || text.hasPrefix("aws: error")
      {
        return "this is AWS CLI error text, not records: "
          + firstLine(text)
      }
      return nil
    }
    let code = String(text[open.upperBound..<close])
    let rest = text[close...]
    let message = rest.range(of: "operation: ").map { String(rest[$0.upperBound...]) } ?? ""
    return awsError(code: code, message: firstLine(message))
  }

  /// `this is an AWS error, not records: Code: message`, each shortened as messages quote
  /// outside text (the code as `Excerpt` does, the message to 300 characters).
  static func awsError(code: String, message: String) -> String {
    "this is an AWS error, not records: \(Excerpt.of(code))"
      + (message.isEmpty ? "" : ": \(TerminalText.safe(message, limit: 300))")
  }

  private static func firstLine(_ text: String) -> String {
    String(text.split(separator: "\n", omittingEmptySubsequences: true).first ?? "")
      .trimmingSpaces()
  }

  /// `--output text|yaml|table` recognised by their first line (text also by a later line: a
  /// `NEXTTOKEN` line or a bare token may come first), or nil.
  private static func cliOutput(_ text: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).prefix(4)
    if lines.contains(where: { isTextOutputRow($0) }) {
      return "this is AWS CLI `--output text`, not JSON: rerun the command with `--output json`"
    }
    let line = firstLine(text)
    let format: String
    if line.hasPrefix("---") || line.hasPrefix("+-") || line.hasPrefix("|") {
      format = "table"
    } else if let colon = line.firstIndex(of: ":"),
      ["events", "participant", "participants", "stageSession", "nextToken", "-"]
        .contains(String(line[..<colon]).trimmingSpaces())
    {
      format = "yaml"
    } else if line.hasPrefix("- "), line.contains(":") {
      format = "yaml"
    } else {
      return nil
    }
    return "this is AWS CLI `--output \(format)`, not JSON: rerun the command with `--output json`"
  }

  /// A row of `--output text`: an upper-case label (`EVENTS`, `PARTICIPANT`, `NEXTTOKEN`),
  /// a tab, values.
  private static func isTextOutputRow(_ line: Substring) -> Bool {
    guard let tab = line.firstIndex(of: "\t"), tab != line.startIndex else { return false }
    return line[..<tab].allSatisfy { $0.isUppercase || $0 == "_" }
  }

  /// Where a text that ends too soon was cut — `events[41] (an unfinished string)` — or
  /// nil when every string, object and array it opens is closed.
  static func truncation(_ bytes: [UInt8]) -> String? {
    var scan = OpenValues()
    for byte in bytes { scan.take(byte) }
    return scan.unfinished
  }
}

/// The objects, arrays and string still open at some point of a JSON text, with the key
/// or index each is at, so a cut paste can be named by the path where it stops.
private struct OpenValues {
  private enum Frame {
    case object(key: String?)
    case array(index: Int)
  }

  private var frames: [Frame] = []
  private var strings = JSONStringTracker()
  private var isKey = false
  private var expectingKey = false
  private var string: [UInt8] = []

  mutating func take(_ byte: UInt8) {
    switch strings.take(byte) {
    case .string:
      if isKey, string.count < 200 { string.append(byte) }
      return
    case .stringEnd:
      if isKey, case .object = frames.last {
        frames[frames.count - 1] = .object(key: String(decoding: string, as: UTF8.self))
      }
      return
    case .structure: break
    }
    switch byte {
    case UInt8(ascii: "\""):
      isKey = expectingKey
      expectingKey = false
      string.removeAll(keepingCapacity: true)
    case UInt8(ascii: "{"):
      frames.append(.object(key: nil))
      expectingKey = true
    case UInt8(ascii: "["): frames.append(.array(index: 0))
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      if !frames.isEmpty { frames.removeLast() }
    case UInt8(ascii: ","):
      switch frames.last {
      case .array(let index)?: frames[frames.count - 1] = .array(index: index + 1)
      case .object?: expectingKey = true
      case nil: break
      }
    default: break
    }
  }

  /// `events[1] (an unfinished string)`, or nil when nothing is open.
  var unfinished: String? {
    guard strings.inString || !frames.isEmpty else { return nil }
    var path = ""
    for (position, frame) in frames.enumerated() {
      let innermost = position == frames.count - 1
      switch frame {
      case .object(let key?) where !innermost || (strings.inString && !isKey):
        path += path.isEmpty ? key : ".\(key)"
      case .array(let index) where !innermost: path += "[\(index)]"
      default: break
      }
    }
    let what: String
    if strings.inString {
      what = "an unfinished string"
    } else if case .array? = frames.last {
      what = "an unclosed array"
    } else {
      what = "an unclosed object"
    }
    return path.isEmpty ? "the top-level value (\(what))" : "\(path) (\(what))"
  }
}

extension String {
  /// Without leading and trailing spaces, tabs and line ends (no Foundation here).
  func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[start...end])
  }
}
