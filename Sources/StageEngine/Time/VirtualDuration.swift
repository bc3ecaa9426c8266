import InputKit

/// A span of virtual time in whole seconds, written as scenarios write it:
/// `"30s"`, `"5m"`, `"13h"`, `"15d"` or combinations such as `"1h30m"`.
///
/// Scenarios advance the virtual clock and set token lifetimes with these, so
/// parsing must be exact and its errors must quote the text that was wrong.
public struct VirtualDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The length in seconds.
  public let seconds: Int64

  /// Creates a duration of `seconds` seconds.
  public init(seconds: Int64) { self.seconds = seconds }

  /// The longest duration a scenario or option may give: the whole span of the virtual
  /// calendar (years 0000–9999). Anything longer cannot be shown or reached, and keeping every
  /// duration below it keeps `time + duration` inside 64 bits.
  public static let maximum = VirtualDuration(seconds: VirtualTime.latest - VirtualTime.earliest)

  /// Parses one or more `<number><unit>` groups, units `d`, `h`, `m`, `s`, each
  /// at most once and largest first (`"1d2h"`, not `"2h1d"`).
  public init(parsing text: String) throws(VirtualDurationError) {
    guard !text.isEmpty else {
      throw VirtualDurationError(text: text, reason: "empty; expected e.g. 30s, 5m, 13h, 15d")
    }
    var total: Int64 = 0
    var number: Int64?
    var lastUnitRank = Int.max
    for byte in text.utf8 {
      if byte >= 0x30 && byte <= 0x39 {
        let (scaled, overflow1) = (number ?? 0).multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = scaled.addingReportingOverflow(Int64(byte - 0x30))
        guard !overflow1, !overflow2 else { throw Self.tooLong(text) }
        number = sum
        continue
      }
      guard let (rank, unit) = Self.unit(byte) else {
        throw VirtualDurationError(
          text: text,
          reason: "unexpected \"\(Character(Unicode.Scalar(byte)))\"; units are d, h, m, s")
      }
      guard let value = number else {
        throw VirtualDurationError(text: text, reason: "a number must come before each unit")
      }
      guard rank < lastUnitRank else {
        throw VirtualDurationError(text: text, reason: "units must be given once, largest first")
      }
      let (part, overflow1) = value.multipliedReportingOverflow(by: unit)
      let (sum, overflow2) = total.addingReportingOverflow(part)
      guard !overflow1, !overflow2 else { throw Self.tooLong(text) }
      total = sum
      number = nil
      lastUnitRank = rank
    }
    guard number == nil else {
      throw VirtualDurationError(text: text, reason: "missing unit after the last number")
    }
    guard total <= Self.maximum.seconds else { throw Self.tooLong(text) }
    self.init(seconds: total)
  }

  private static func unit(_ byte: UInt8) -> (rank: Int, seconds: Int64)? {
    switch byte {
    case UInt8(ascii: "s"): return (0, 1)
    case UInt8(ascii: "m"): return (1, 60)
    case UInt8(ascii: "h"): return (2, 3600)
    case UInt8(ascii: "d"): return (3, 86_400)
    default: return nil
    }
  }

  private static func tooLong(_ text: String) -> VirtualDurationError {
    VirtualDurationError(
      text: text, reason: "too long; at most \(maximum), the whole virtual calendar (0000–9999)")
  }

  /// The shortest text `init(parsing:)` reads back to the same value, e.g. `"1h30m"`.
  public var description: String { Self.text(seconds: UInt64(max(0, seconds))) }

  /// `"1h30m"` for any count of seconds, even one no `Int64` duration can hold (the distance
  /// between two token times).
  public static func text(seconds: UInt64) -> String {
    guard seconds > 0 else { return "0s" }
    var rest = seconds
    var text = ""
    for (unit, size) in [("d", UInt64(86_400)), ("h", 3600), ("m", 60), ("s", 1)]
    where rest >= size {
      text += "\(rest / size)\(unit)"
      rest %= size
    }
    return text
  }

  /// How far apart two instants are, in seconds. Never overflows: any two `Int64` values differ
  /// by less than 2^64, so the wrapping difference read as unsigned is exact.
  public static func distance(from start: Int64, to end: Int64) -> UInt64 {
    end >= start ? UInt64(bitPattern: end &- start) : UInt64(bitPattern: start &- end)
  }

  /// Shorter first.
  public static func < (lhs: VirtualDuration, rhs: VirtualDuration) -> Bool {
    lhs.seconds < rhs.seconds
  }
}

/// Why a duration text could not be read: quotes the text and the problem.
public struct VirtualDurationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text that was given.
  public let text: String
  /// What is wrong with it.
  public let reason: String

  /// "bad duration "TEXT": REASON".
  public var description: String { "bad duration \(Excerpt.quoted(text)): \(reason)" }
}
