import InputKit

/// Every behavioural rule of IVS real-time streaming stagemon applies, as data in one place.
///
/// It exists so that the model, `explain`, the monitor and `stagemon test` decide through one
/// table instead of each carrying its own copy of IVS (and drifting from it and from each
/// other): a decision names the rule it came from, `stagemon rules` and docs/RULES.md print the
/// same rules, and the rules are dated, so the book can answer as IVS behaved on any day since
/// real-time streaming began. Ask it through `inForce(on:)`.
public struct RuleBook: Sendable {
  /// The book stagemon ships.
  public static let ivs = RuleBook(
    rules: tokenRules + exchangeRules + visibilityRules + compositionRules + errorRules
      + stageRules)

  /// Every rule, ordered by ID.
  public let rules: [Rule]
  private let byID: [RuleID: Rule]

  init(rules: [Rule]) {
    self.rules = rules.sorted { $0.id < $1.id }
    var byID: [RuleID: Rule] = [:]
    for rule in rules where byID[rule.id] == nil { byID[rule.id] = rule }
    self.byID = byID
  }

  /// The rule with `id`. Every ID has one (`RuleBookTests` checks it); were one missing, the
  /// answer says so instead of failing.
  public func rule(_ id: RuleID) -> Rule {
    byID[id]
      ?? Rule(
        id, "stagemon has no text for this rule.",
        basis: .assumption(reason: "missing from the book (a bug in stagemon)"))
  }

  /// The rule named `text` (`exchange.immutable-claims`); for an unknown name, the error lists
  /// the nearest IDs.
  public func rule(named text: String) throws(UnknownRuleError) -> Rule {
    guard let id = RuleID(rawValue: text) else {
      throw UnknownRuleError(text: text, nearest: nearestIDs(to: text))
    }
    return rule(id)
  }

  /// The rules in force on `date`: the book as IVS behaved that day, to ask decisions of.
  public func inForce(on date: ServiceDate) -> RulesInForce {
    RulesInForce(book: self, date: date)
  }

  /// The rules in force on the latest day the book knows a change for: today's IVS.
  public var latest: RulesInForce { inForce(on: latestChange) }

  /// The last day a rule started or stopped holding; from it on, the rules are today's.
  public var latestChange: ServiceDate {
    let days = rules.flatMap { [$0.scope.validFrom, $0.scope.validUntil] }.compactMap { $0 }
    return days.max() ?? Releases.realTimeLaunch
  }

  /// The rules that hold on `date`, ordered by ID.
  public func rules(inForceOn date: ServiceDate) -> [Rule] {
    rules.filter { $0.scope.holds(on: date) }
  }

  /// Reads a day a person gave (`--as-of`, a scenario's `asOf`): `YYYY-MM-DD`, not before IVS
  /// real-time streaming began and not after `today` (nil: no later bound).
  public func date(parsing text: String, today: ServiceDate?) throws(ServiceDateError)
    -> ServiceDate
  {
    let date = try ServiceDate(parsing: text)
    if date < Releases.realTimeLaunch {
      throw ServiceDateError(text: text, problem: .beforeRealTime(Releases.realTimeLaunch))
    }
    if let today, date > today {
      throw ServiceDateError(text: text, problem: .inTheFuture(today))
    }
    return date
  }

  /// The IDs closest to `text` in edit distance, at most three, nearest first.
  func nearestIDs(to text: String) -> [RuleID] {
    let typed = Array(text.lowercased().unicodeScalars.prefix(128))
    let scored = RuleID.allCases.map { id in
      (id, Self.editDistance(typed, Array(id.rawValue.unicodeScalars)))
    }
    return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
  }

  /// Levenshtein distance, two rows.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}

/// A rule ID that is not in the book, with the nearest ones to suggest.
public struct UnknownRuleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was asked for.
  public let text: String
  /// The closest IDs, nearest first.
  public let nearest: [RuleID]

  /// `no rule "X" (nearest: a, b, c)`.
  public var description: String {
    let names = nearest.map(\.rawValue).joined(separator: ", ")
    return "no rule \(Excerpt.quoted(text)) (nearest: \(names); `stagemon rules` lists them all)"
  }
}
