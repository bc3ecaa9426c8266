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
  /// The line and column (from 1) where the mistake is, when known: written first as
  /// `FILE:LINE:COLUMN:`, the form editors and CI annotations jump to.
  public let position: (line: Int, column: Int)?

  /// Creates an error.
  public init(
    file: String, location: String, message: String, position: (line: Int, column: Int)? = nil
  ) {
    self.file = file
    self.location = location
    self.message = message
    self.position = position
  }

  /// The same error placed at `position`.
  public func placed(at position: (line: Int, column: Int)) -> LocatedError {
    LocatedError(file: file, location: location, message: message, position: position)
  }

  /// `FILE[:LINE:COLUMN]: [LOCATION: ]MESSAGE`. A location in a scenario's `steps` also names
  /// the step as people count it, from 1 — `step 3 (steps[2].token)` — as every report and
  /// the monitor do.
  public var description: String {
    let place = position.map { "\(file):\($0.line):\($0.column)" } ?? file
    return location.isEmpty
      ? "\(place): \(message)" : "\(place): \(Self.named(location)): \(message)"
  }

  /// The number of the step a `steps[N]…` location is in, counted from 1.
  public var stepNumber: Int? { Self.stepNumber(in: location) }

  private static func stepNumber(in location: String) -> Int? {
    guard location.hasPrefix("steps["), let end = location.firstIndex(of: "]") else { return nil }
    let digits = location[location.index(location.startIndex, offsetBy: 6)..<end]
    guard let index = Int(digits), index < Int.max else { return nil }
    return index + 1
  }

  private static func named(_ location: String) -> String {
    guard let number = stepNumber(in: location) else { return location }
    return "step \(number) (\(location))"
  }

  /// Equal when every field is equal.
  public static func == (lhs: LocatedError, rhs: LocatedError) -> Bool {
    lhs.file == rhs.file && lhs.location == rhs.location && lhs.message == rhs.message
      && lhs.position?.line == rhs.position?.line && lhs.position?.column == rhs.position?.column
  }
}
