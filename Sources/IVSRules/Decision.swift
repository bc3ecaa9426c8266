/// An answer of the book with the rule that gave it, so whatever the answer decides (an event,
/// a belief, a verdict) carries the rule's ID without asking again.
public struct Decision<Outcome: Sendable>: Sendable {
  /// The answer.
  public let outcome: Outcome
  /// The rule that gave it.
  public let rule: RuleID
  /// Whether the answer was set by hand as a what-if (e.g. a scenario's explicit composition
  /// `updates`) rather than by the rules in force on the day; `rule` then names the rule whose
  /// behaviour is played, which may not be in force.
  public let isWhatIf: Bool

  /// Creates a decision.
  public init(_ outcome: Outcome, rule: RuleID, isWhatIf: Bool = false) {
    self.outcome = outcome
    self.rule = rule
    self.isWhatIf = isWhatIf
  }
}

extension Decision: Equatable where Outcome: Equatable {}
extension Decision: Hashable where Outcome: Hashable {}

/// A question the model asks the book, with its possible answers: each answer belongs to one
/// rule, and the rule that holds for the SDK and the day gives the answer.
///
/// The answers of a question cover every SDK and every day exactly once (`RuleBookTests`
/// checks it at every release and date boundary the book names), so asking never falls
/// through.
public struct Question<Outcome: Sendable>: Sendable, CustomStringConvertible {
  /// What is asked, e.g. "has the metadata event".
  public let description: String
  /// The possible answers, each with the rule that gives it; never empty.
  public let answers: [(rule: RuleID, outcome: Outcome)]
  /// The last answer, which a question that covers every case never needs.
  let fallback: (rule: RuleID, outcome: Outcome)

  /// Creates a question with at least one answer.
  public init(
    _ description: String, _ first: (rule: RuleID, outcome: Outcome),
    _ others: (rule: RuleID, outcome: Outcome)...
  ) {
    self.description = description
    self.answers = [first] + others
    self.fallback = others.last ?? first
  }

  /// A question with one answer whatever the SDK or day (a limit, a list).
  public init(_ description: String, rule: RuleID, outcome: Outcome) {
    self.init(description, (rule, outcome))
  }
}
