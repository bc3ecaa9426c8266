/// Why a JSON text could not be parsed, and where: scenario authors need the
/// line and column to find the mistake.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// 1-based line of the offending character.
  public let line: Int
  /// 1-based column (in bytes) of the offending character.
  public let column: Int
  /// What is wrong, in plain English.
  public let reason: String

  /// Creates an error at a position.
  public init(line: Int, column: Int, reason: String) {
    self.line = line
    self.column = column
    self.reason = reason
  }

  /// "line L, column C: reason".
  public var description: String { "line \(line), column \(column): \(reason)" }
}
