import JSONKit

/// The byte-level JSON pieces the event renderers are built from.
///
/// Headless runs render over a million events per second, so the common case
/// costs one bulk copy: a string without characters that need escaping is
/// appended in one piece, a number is formatted on the stack and appended in
/// one piece. Anything unusual falls back to `JSONWriter`, which owns the
/// escaping rules.
enum JSONBytes {
  /// Appends `value` as a quoted JSON string.
  static func appendQuoted(_ value: String, to out: inout [UInt8]) {
    let done: Bool? = value.utf8.withContiguousStorageIfAvailable { bytes in
      guard !bytes.contains(where: needsEscape) else { return false }
      out.append(UInt8(ascii: "\""))
      out.append(contentsOf: bytes)
      out.append(UInt8(ascii: "\""))
      return true
    }
    if done != true { JSONWriter.writeString(value, into: &out) }
  }

  /// Appends `value` in decimal.
  static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, enough for "-9223372036854775808"
    withUnsafeMutableBytes(of: &digits) { buffer in
      var magnitude = value.magnitude
      var start = buffer.count
      repeat {
        start -= 1
        buffer[start] = UInt8(0x30 + magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 {
        start -= 1
        buffer[start] = UInt8(ascii: "-")
      }
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
    }
  }

  /// Appends a JSON array of strings.
  static func appendStrings(_ values: [String], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    for (index, value) in values.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      appendQuoted(value, to: &out)
    }
    out.append(UInt8(ascii: "]"))
  }

  /// Appends a string map as a JSON object with its keys sorted (byte order of
  /// Swift's `String` comparison), so equal maps always render alike.
  static func appendAttributes(_ attributes: [String: String], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "{"))
    for (index, element) in attributes.sorted(by: { $0.key < $1.key }).enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      appendQuoted(element.key, to: &out)
      out.append(UInt8(ascii: ":"))
      appendQuoted(element.value, to: &out)
    }
    out.append(UInt8(ascii: "}"))
  }

  /// Appends `["audio","video"]`-style stream names without building an array.
  static func appendStreams(_ streams: MediaStreams, to out: inout [UInt8]) {
    switch (streams.contains(.audio), streams.contains(.video)) {
    case (true, true): out.append(contentsOf: #"["audio","video"]"#.utf8)
    case (true, false): out.append(contentsOf: #"["audio"]"#.utf8)
    case (false, true): out.append(contentsOf: #"["video"]"#.utf8)
    case (false, false): out.append(contentsOf: "[]".utf8)
    }
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }
}
