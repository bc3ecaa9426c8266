import InputKit

/// Serialises `JSON` values compactly (one line, as JSONL needs) or indented
/// for people. Keys are written in the value's own order, so callers decide
/// whether output is canonical.
public enum JSONWriter {
  /// Compact single-line text.
  public static func compact(_ value: JSON) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(value, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Indented text with two spaces per level.
  public static func pretty(_ value: JSON) -> String {
    var out: [UInt8] = []
    writePretty(value, indent: 0, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the compact form of `value` to `out`.
  public static func write(_ value: JSON, into out: inout [UInt8]) {
    switch value {
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (i, member) in members.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        writeString(member.key, into: &out)
        out.append(UInt8(ascii: ":"))
        write(member.value, into: &out)
      }
      out.append(UInt8(ascii: "}"))
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        write(element, into: &out)
      }
      out.append(UInt8(ascii: "]"))
    default:
      writeScalar(value, into: &out)
    }
  }

  private static func writeScalar(_ value: JSON, into out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .integer(let i): out.append(contentsOf: String(i).utf8)
    case .number(let d):
      out.append(contentsOf: (d.isFinite ? "\(d)" : "null").utf8)
    case .string(let s): writeString(s, into: &out)
    case .array, .object: write(value, into: &out)
    }
  }

  /// Appends `value` indented as `pretty` does, its first line at `indent` levels (its first
  /// character is not padded: it follows a key or a padding already written).
  static func writePretty(_ value: JSON, indent: Int, into out: inout [UInt8]) {
    let pad = [UInt8](repeating: 0x20, count: (indent + 1) * 2)
    let closePad = [UInt8](repeating: 0x20, count: indent * 2)
    switch value {
    case .object(let members) where !members.isEmpty:
      out.append(contentsOf: "{\n".utf8)
      for (i, member) in members.enumerated() {
        out.append(contentsOf: pad)
        writeString(member.key, into: &out)
        out.append(contentsOf: ": ".utf8)
        writePretty(member.value, indent: indent + 1, into: &out)
        out.append(contentsOf: (i + 1 < members.count ? ",\n" : "\n").utf8)
      }
      out.append(contentsOf: closePad)
      out.append(UInt8(ascii: "}"))
    case .array(let elements) where !elements.isEmpty:
      out.append(contentsOf: "[\n".utf8)
      for (i, element) in elements.enumerated() {
        out.append(contentsOf: pad)
        writePretty(element, indent: indent + 1, into: &out)
        out.append(contentsOf: (i + 1 < elements.count ? ",\n" : "\n").utf8)
      }
      out.append(contentsOf: closePad)
      out.append(UInt8(ascii: "]"))
    default:
      write(value, into: &out)
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends `s` as a quoted JSON string with the mandatory escapes, and with DEL, C1 controls,
  /// line separators, bidi and other format controls and noncharacters escaped as `\uXXXX` too
  /// (`TerminalText.isUnsafe`), so `cat`ing a JSON output can never drive a terminal.
  public static func writeString(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for scalar in s.unicodeScalars {
      if scalar.isASCII {
        writeASCII(UInt8(scalar.value), into: &out)
      } else if TerminalText.isUnsafe(scalar) {
        writeEscaped(scalar, into: &out)
      } else {
        out.append(contentsOf: String(scalar).utf8)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  private static func writeASCII(_ b: UInt8, into out: inout [UInt8]) {
    switch b {
    case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
    case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
    case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
    case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
    case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
    case 0..<0x20, 0x7F: writeUnit(UInt16(b), into: &out)
    default: out.append(b)
    }
  }

  /// `\uXXXX`, as a UTF-16 surrogate pair above the BMP.
  private static func writeEscaped(_ scalar: Unicode.Scalar, into out: inout [UInt8]) {
    for unit in String(scalar).utf16 { writeUnit(unit, into: &out) }
  }

  private static func writeUnit(_ unit: UInt16, into out: inout [UInt8]) {
    out.append(contentsOf: "\\u".utf8)
    for shift in stride(from: 12, through: 0, by: -4) {
      out.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
    }
  }
}
