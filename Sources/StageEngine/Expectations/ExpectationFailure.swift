import JSONKit

/// A statement of an `expect` step that did not hold: where it is in the
/// script, what was expected and what the stage showed instead. It travels in
/// the event stream (`expectFailed`, fields `step`, `expected`, `actual`) so a
/// run is checkable from its stream alone, and the runner keeps the list so
/// `stagemon run --check` and `stagemon test` can report it.
public final class ExpectationFailure: Equatable, Sendable, CustomStringConvertible {
  /// The step as people count it, from 1: `step 8` (the file's eighth step).
  public let step: String
  /// Where the step starts in its file (`line:column`), when the file is known.
  public let position: SourcePosition?
  /// What the step expected, e.g. `stale`.
  public let expected: String
  /// What the stage showed, e.g. `current ({seat=2})`.
  public let actual: String
  /// The whole statement: `expected viewer to see guest as stale, but it is current ({seat=2})`.
  public let message: String

  /// Creates a failure.
  public init(
    step: String, position: SourcePosition? = nil, expected: String, actual: String,
    message: String
  ) {
    self.step = step
    self.position = position
    self.expected = expected
    self.actual = actual
    self.message = message
  }

  /// `step 8: expected …, but …`.
  public var description: String { "\(step): \(message)" }

  /// `FILE:LINE:COLUMN: step 8: expected …` — the form editors and CI annotations link to
  /// (`FILE: step 8: …` when the position is unknown).
  public func located(in file: String) -> String {
    "\(file):\(position.map { "\($0):" } ?? "") \(description)"
  }

  /// Equal when every field is equal.
  public static func == (lhs: ExpectationFailure, rhs: ExpectationFailure) -> Bool {
    lhs.step == rhs.step && lhs.position == rhs.position && lhs.expected == rhs.expected
      && lhs.actual == rhs.actual && lhs.message == rhs.message
  }
}

/// The verdict on one `expect` step: what `stagemon test` reports as one test case, so a
/// scenario with twelve assertions is twelve results, each named and placed in its file.
public struct ExpectationResult: Sendable {
  /// The step's number as people count it: its place in the session, from 1 (in a run of a
  /// file, its place in the file).
  public let step: Int
  /// Where the step starts in its file, when known.
  public let position: SourcePosition?
  /// The step's `description`, or a short form of what it checks.
  public let name: String
  /// Statements the step made.
  public let checks: Int
  /// The statements that did not hold.
  public let failures: [ExpectationFailure]
  /// Where the verdict stands in the stream: the `seq` of the first event after it (its
  /// failures' events come before), so a view can put its line among the events again.
  public let seq: Int
  /// The virtual time of the verdict.
  public let time: Int64

  /// Whether every statement held.
  public var passed: Bool { failures.isEmpty }
}
