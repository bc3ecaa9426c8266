// Sanitiser: any bytes through every text renderer; no control or format character comes out.

import InputKit
import JSONKit
import TerminalKit

/// libFuzzer calls this once per input; it must never crash, hang or exhaust memory, no
/// exit to a person may carry a control byte (C0 but newline/tab, DEL, C1), a bidi or other
/// format control, or a noncharacter, and `isClean` must agree with judging each scalar.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSanitize(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for (name, out) in renderings(of: text) {
    if let bad = out.unicodeScalars.first(where: { isForbidden($0, in: name) }) {
      preconditionFailure("\(name) let U+\(String(bad.value, radix: 16)) out")
    }
  }
  for keeping in [false, true] {
    let oneByOne = text.unicodeScalars.allSatisfy {
      !TerminalText.isUnsafe($0, keepingLineBreaks: keeping)
    }
    precondition(
      TerminalText.isClean(text, keepingLineBreaks: keeping) == oneByOne,
      "isClean's ASCII shortcut disagrees with judging each scalar")
  }
  var json: [UInt8] = []
  JSONWriter.writeString(text, into: &json)
  precondition(
    (try? JSONParser.parse(bytes: json)) == .string(text), "JSON escaping does not round-trip")
  return 0
}

/// Each renderer's output for `text`, named.
private func renderings(of text: String) -> [(String, String)] {
  var grid = CellGrid(width: 40, height: 3)
  grid.put(text, x: 0, y: 0)
  grid.put(text, x: 3, y: 1, maxWidth: 10)
  grid.set(Cell(text), x: 0, y: 2)
  var ascii = CellGrid(width: 20, height: 1, glyphs: .ascii)
  ascii.put(text, x: 0, y: 0)
  var json: [UInt8] = []
  JSONWriter.writeString(text, into: &json)
  let copied = OSC52.sequence(copying: text).map { Array($0.dropFirst(7).dropLast(2)) } ?? []
  let pasted = String(decoding: Base64.decode(copied), as: UTF8.self)
  return [
    ("safe", TerminalText.safe(text)),
    ("safe lines", TerminalText.safe(text, keepingLineBreaks: true)),
    ("safe limited", TerminalText.safe(text, limit: 5)), ("excerpt", Excerpt.quoted(text)),
    ("grid", grid.text().joined()), ("ascii grid", ascii.text().joined()),
    ("plain screenshot", GridExport.plainText(grid)), ("svg", GridExport.svg(grid)),
    ("ansi screenshot", stripSGR(GridExport.ansi(grid))),
    ("json", String(decoding: json, as: UTF8.self)),
    ("clipboard", pasted), ("xml", XMLText.escaped(text)),
  ]
}

private func isForbidden(_ scalar: Unicode.Scalar, in name: String) -> Bool {
  let value = scalar.value
  if value == 0x0A || value == 0x09 { return false }
  if name == "xml" || name == "svg" { return !XMLText.isAllowed(scalar) }
  if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
  if value == 0xFFFE || value == 0xFFFF || value == 0x2028 || value == 0x2029 { return true }
  if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) { return true }
  return [0x200B, 0x200E, 0x200F, 0x061C, 0xFEFF].contains(value)
}

/// The ANSI screenshot without its own SGR sequences (`ESC [ … m`), which stagemon writes.
private func stripSGR(_ text: String) -> String {
  var out = String.UnicodeScalarView()
  var inSequence = false
  for scalar in text.unicodeScalars {
    if inSequence {
      if scalar == "m" { inSequence = false }
    } else if scalar == "\u{1B}" {
      inSequence = true
    } else {
      out.append(scalar)
    }
  }
  return String(out)
}

/// Standard base64, enough to read back an OSC 52 payload.
private enum Base64 {
  static func decode(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for byte in bytes {
      let value: UInt32
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - 65)
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - 71)
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte) + 4
      case UInt8(ascii: "+"): value = 62
      case UInt8(ascii: "/"): value = 63
      default: continue
      }
      buffer = buffer << 6 | value
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
      }
    }
    return out
  }
}
