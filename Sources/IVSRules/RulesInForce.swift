/// The book as IVS behaved on one day: what the model asks its decisions of.
///
/// A value: a run resolves it once for its day (`RuleBook.inForce(on:)`) and keeps it; a
/// decision that runs per observer resolves its answer once per SDK profile (`SDKRules`) and
/// reuses that.
public struct RulesInForce: Sendable, Equatable {
  /// The book.
  public let book: RuleBook
  /// The day.
  public let date: ServiceDate

  /// The answer to `question` for an SDK client on `sdk` (or about one), with its rule.
  public func decide<Outcome>(_ question: Question<Outcome>, for sdk: SDKProfile) -> Decision<
    Outcome
  > {
    answer(question) { $0.holds(for: sdk) }
  }

  /// The answer to a question that does not depend on an SDK (a limit, a composition policy).
  public func decide<Outcome>(_ question: Question<Outcome>) -> Decision<Outcome> {
    answer(question) { _ in true }
  }

  /// When compositions follow an exchange: by the day, unless a what-if (a scenario's explicit
  /// `updates`, a key in the monitor) sets it, which plays that policy's rule and says so.
  public func compositionUpdates(whatIf: CompositionUpdates? = nil) -> Decision<CompositionUpdates>
  {
    let byDate = decide(.compositionUpdates)
    guard let whatIf, whatIf != byDate.outcome else { return byDate }
    let rule = Question.compositionUpdates.answers.first { $0.outcome == whatIf }?.rule
    return Decision(whatIf, rule: rule ?? byDate.rule, isWhatIf: true)
  }

  /// The answers `sdk` gets to the questions asked per observer, resolved once.
  public func sdkRules(for sdk: SDKProfile) -> SDKRules {
    SDKRules(
      hasExchangeToken: decide(.hasExchangeToken, for: sdk),
      hasMetadataEvent: decide(.hasMetadataEvent, for: sdk),
      hasSelfMetadataEvent: decide(.hasSelfMetadataEvent, for: sdk),
      leavesOnRefusedExchange: decide(.leavesOnRefusedExchange, for: sdk))
  }

  /// Whether these are today's rules (the latest the book knows); if not, a screen says
  /// "IVS as of DATE".
  public var isLatest: Bool {
    book.rules.allSatisfy { $0.scope.holds(on: date) == $0.scope.holds(on: book.latestChange) }
  }

  /// Equal when they tell the same day (there is one book).
  public static func == (lhs: RulesInForce, rhs: RulesInForce) -> Bool { lhs.date == rhs.date }

  /// The rule `id` (in force or not).
  public func rule(_ id: RuleID) -> Rule { book.rule(id) }

  /// The first answer whose rule holds on the day and passes `holds`; the answers of a question
  /// cover every case (`RuleBookTests`), so the last answer is only a formality.
  private func answer<Outcome>(_ question: Question<Outcome>, where holds: (Scope) -> Bool)
    -> Decision<Outcome>
  {
    for answer in question.answers {
      let scope = book.rule(answer.rule).scope
      if scope.holds(on: date), holds(scope) { return Decision(answer.outcome, rule: answer.rule) }
    }
    return Decision(question.fallback.outcome, rule: question.fallback.rule)
  }
}

/// What one SDK profile gets to the questions asked per observer: resolved once per profile and
/// day, read per observer in a fan-out.
public struct SDKRules: Sendable, Equatable {
  /// Whether it has `exchangeToken`.
  public let hasExchangeToken: Decision<Bool>
  /// Whether it sees a publishing participant's new metadata at once.
  public let hasMetadataEvent: Decision<Bool>
  /// Whether it tells its own app of its accepted exchange.
  public let hasSelfMetadataEvent: Decision<Bool>
  /// Whether it leaves the stage when the service refuses its exchange.
  public let leavesOnRefusedExchange: Decision<Bool>

  /// Every rule these answers came from.
  public var rules: [RuleID] {
    [
      hasExchangeToken.rule, hasMetadataEvent.rule, hasSelfMetadataEvent.rule,
      leavesOnRefusedExchange.rule,
    ]
  }
}
