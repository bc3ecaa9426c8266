/// Why a scenario file is not valid, or why one of its steps could not run:
/// names the file, the place in it (a JSON path such as `steps[4].exchange`,
/// or a line and column for bad JSON) and what is wrong.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The scenario file as the user named it (`-` for standard input).
  public let file: String
  /// Where in the file: a JSON path, `line L, column C`, or empty for the whole file.
  public let location: String
  /// What is wrong.
  public let message: String

  /// Creates an error.
  public init(file: String, location: String, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  /// `FILE: LOCATION: MESSAGE`.
  public var description: String {
    location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
  }
}
