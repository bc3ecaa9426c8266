/// Whether each byte of a JSON text lies inside a string, for the quick scans that look only at
/// brackets and separators (counting texts, naming where a paste was cut, splitting members)
/// and must not be fooled by a bracket, comma or quote inside a string. One copy of the
/// escape rules, so those scans cannot disagree about where a string ends.
public struct JSONStringTracker {
  /// Where a byte lies.
  public enum Place: Equatable, Sendable {
    /// Outside strings: a bracket, separator, space, bare word or the quote that opens a string.
    case structure
    /// Inside a string (its escapes included).
    case string
    /// The quote that closes a string.
    case stringEnd
  }

  /// Whether the text so far ends inside a string (a cut paste, say).
  public private(set) var inString = false
  private var escaped = false

  /// At the start of a text, outside any string.
  public init() {}

  /// Where `byte`, the next byte of the text, lies.
  public mutating func take(_ byte: UInt8) -> Place {
    guard inString else {
      inString = byte == UInt8(ascii: "\"")
      return .structure
    }
    if escaped {
      escaped = false
    } else if byte == UInt8(ascii: "\\") {
      escaped = true
    } else if byte == UInt8(ascii: "\"") {
      inString = false
      return .stringEnd
    }
    return .string
  }
}
