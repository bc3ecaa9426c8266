/// A statement of an `expect` step that did not hold: where it is in the
/// script, what was expected and what the stage showed instead. It travels in
/// the event stream (`expectFailed`, fields `step`, `expected`, `actual`) so a
/// run is checkable from its stream alone, and the runner keeps the list so
/// `stagemon run --check` and `stagemon test` can report it.
public final class ExpectationFailure: Equatable, Sendable, CustomStringConvertible {
  /// The step's JSON path, e.g. `steps[7]`.
  public let step: String
  /// What the step expected, e.g. `stale`.
  public let expected: String
  /// What the stage showed, e.g. `current ({seat=2})`.
  public let actual: String
  /// The whole statement: `expected viewer to see guest as stale, but it is current ({seat=2})`.
  public let message: String

  /// Creates a failure.
  public init(step: String, expected: String, actual: String, message: String) {
    self.step = step
    self.expected = expected
    self.actual = actual
    self.message = message
  }

  /// `steps[7]: expected …, but …`.
  public var description: String { "\(step): \(message)" }

  /// Equal when every field is equal.
  public static func == (lhs: ExpectationFailure, rhs: ExpectationFailure) -> Bool {
    lhs.step == rhs.step && lhs.expected == rhs.expected && lhs.actual == rhs.actual
      && lhs.message == rhs.message
  }
}
