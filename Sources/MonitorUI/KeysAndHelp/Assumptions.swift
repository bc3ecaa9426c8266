import IVSRules

/// Behaviour the model shows where the IVS documentation is silent (SPEC "assumption"):
/// the help overlay lists these under a heading that says so, never as IVS fact. Read from the
/// rule book, so the overlay, `stagemon rules` and docs/RULES.md say the same.
public enum Assumptions {
  /// One line each: `ID: statement`, for every assumption in the book.
  public static let all = RuleBook.ivs.rules.filter { $0.kind == .assumption }.map(line)

  /// What IVS compositions do today and did before: facts with their date, not assumptions,
  /// but a support engineer must not have to guess them.
  public static let compositionToday = [
    line(RuleBook.ivs.rule(.compositionLayoutLive)),
    line(RuleBook.ivs.rule(.compositionLayoutOnReconnect)),
    "a scenario's \"asOf\" or --as-of DATE picks the day; v on the composition pane or"
      + " :policy plays the other policy as a what-if",
  ]

  private static func line(_ rule: Rule) -> String { "\(rule.id): \(rule.statement)" }
}
