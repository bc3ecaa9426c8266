import InputKit

/// A record file that cannot be used at all (invalid JSON, unknown shape, bad timestamp,
/// two stages or sessions mixed): names the file, the position (`line 3, column 16`,
/// `events[2].eventTime`) and the problem.
public typealias RecordError = LocatedError

/// Something in the records that was skipped or kept with a caveat; the import goes on.
public struct RecordIssue: Equatable, Sendable, CustomStringConvertible {
  /// `file: events[3]`.
  public let origin: String
  /// What happened to it.
  public let message: String
  /// Whether it makes the records invalid (an event skipped for a missing field), as
  /// opposed to a note (an unknown name or code, kept).
  public let isInvalid: Bool

  /// Creates an issue.
  public init(origin: String, message: String, isInvalid: Bool) {
    self.origin = origin
    self.message = message
    self.isInvalid = isInvalid
  }

  /// `origin: message`.
  public var description: String { "\(origin): \(message)" }
}
