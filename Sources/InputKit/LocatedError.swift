/// What is wrong with a file a person supplied, and where in it, so the message leads straight
/// to the mistake. Scenario files and IVS records both report this way (`ScenarioError`,
/// `RecordError`), so every command words a bad file the same.
public struct LocatedError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file as the user named it (`-` for standard input).
  public let file: String
  /// Where in the file: a JSON path such as `steps[4].exchange`, `line L, column C`, or empty
  /// for the whole file.
  public let location: String
  /// What is wrong.
  public let message: String

  /// Creates an error.
  public init(file: String, location: String, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  /// `FILE: LOCATION: MESSAGE`, or `FILE: MESSAGE` without a location.
  public var description: String {
    location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
  }
}
