import InputKit
import JSONKit
import StageEngine

/// Tells a `.json` found in a folder that is some other tool's file (a `package.json`, a key
/// list, a `tsconfig.json` with comments, a JSON array) from a scenario with a mistake in it:
/// the first is skipped with a note, the second is an error. Read only when a file failed to
/// load, so loading scenarios costs one parse.
enum NotAScenario {
  /// Why the file at `path` is not a scenario, or `nil` when it is one (with a mistake), or is
  /// not JSON even with comments and trailing commas allowed.
  static func reason(_ path: String) -> String? {
    guard let text = try? BoundedInput.text(atPath: path, limit: Scenario.maximumFileBytes) else {
      return nil
    }
    var bytes = Array(text.utf8)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    let strict = try? JSONParser.parse(bytes: bytes)
    guard let value = strict ?? (try? JSONParser.parse(bytes: relaxed(bytes))) else { return nil }
    let relaxedNote = strict == nil ? "JSON with comments or trailing commas, " : ""
    guard let members = value.objectValue else {
      return "not a scenario (\(relaxedNote)\(value.typeName), not an object)"
    }
    guard !members.contains(where: { $0.key == "participants" }) else { return nil }
    return "not a scenario (\(relaxedNote)no \"participants\")"
  }

  /// `bytes` with `//` and `/* */` comments and commas before `}` or `]` blanked out (outside
  /// strings), newlines kept: JSON as JSONC and JSON5 tools write it.
  static func relaxed(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var index = 0
    var inString = false
    var lastComma: Int?
    while index < out.count {
      let byte = out[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        lastComma = nil
      case UInt8(ascii: "/") where index + 1 < out.count && out[index + 1] == UInt8(ascii: "/"):
        while index < out.count, out[index] != UInt8(ascii: "\n") {
          out[index] = 0x20
          index += 1
        }
        continue
      case UInt8(ascii: "/") where index + 1 < out.count && out[index + 1] == UInt8(ascii: "*"):
        let start = index
        index += 2
        while index + 1 < out.count,
          out[index] != UInt8(ascii: "*") || out[index + 1] != UInt8(ascii: "/")
        {
          index += 1
        }
        index = min(index + 1, out.count - 1)
        for blank in start...index where out[blank] != UInt8(ascii: "\n") { out[blank] = 0x20 }
      case UInt8(ascii: ","): lastComma = index
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if let comma = lastComma { out[comma] = 0x20 }
        lastComma = nil
      case 0x20, 0x09, 0x0A, 0x0D: break
      default: lastComma = nil
      }
      index += 1
    }
    return out
  }
}
