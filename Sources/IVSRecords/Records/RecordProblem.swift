/// A record file that cannot be used at all (invalid JSON, unknown shape, bad timestamp,
/// two stages or sessions mixed): names the file, the position and the problem.
public struct RecordError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file (`-` for standard input).
  public let file: String
  /// Where in it: `line 3, column 16`, `events[2].eventTime`, or "".
  public let location: String
  /// What is wrong.
  public let message: String

  /// Creates an error.
  public init(file: String, location: String, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  /// `file: location: message`.
  public var description: String {
    location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
  }
}

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
