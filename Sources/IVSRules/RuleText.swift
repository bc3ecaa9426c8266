import CivilTime

/// The book in words: the lines `stagemon rules` prints and the page docs/RULES.md is, made in
/// one place so the command, the document and a rule's text in the monitor say the same.
public enum RuleText {
  /// Where a rule holds, e.g. "ios, android ≥ 1.37.0; from 2026-04-16" or "every SDK, every day".
  public static func scope(of rule: Rule) -> String {
    let sdks =
      rule.scope.sdks.isEmpty
      ? "every SDK" : rule.scope.sdks.map(\.description).joined(separator: "; ")
    return "\(sdks), \(days(of: rule.scope))"
  }

  /// "every day", "from 2026-04-16", "until 2026-04-15", "2024-01-01 to 2026-04-15".
  public static func days(of scope: Scope) -> String {
    switch (scope.validFrom, scope.lastDay) {
    case (nil, nil): "every day"
    case (let from?, nil): "from \(from)"
    case (nil, let last?): "until \(last)"
    case (let from?, let last?): "\(from) to \(last)"
    }
  }

  /// One rule as `stagemon rules` prints it: the ID and kind, the statement, the source (or the
  /// reason of an assumption), where it holds and any advice, indented under the ID.
  public static func lines(of rule: Rule) -> [String] {
    var lines = ["\(rule.id)  [\(rule.kind.rawValue)]", "  \(rule.statement)"]
    switch rule.basis {
    case .documented(let source):
      lines += [
        "  source: \(source.title) — \(source.section)", "          \(source.url)",
        "          “\(source.quote)”",
      ]
    case .assumption(let reason): lines.append("  why:    \(reason)")
    }
    lines.append("  holds:  \(scope(of: rule))")
    if let advice = rule.advice { lines.append("  advice: \(advice.text)") }
    return lines
  }

  /// docs/RULES.md: every rule of `book`, grouped by the first part of its ID.
  public static func markdown(_ book: RuleBook = .ivs) -> String {
    var out = """
      # The IVS rules stagemon applies

      <!-- Generated from Sources/IVSRules/Data by RulesDocumentTests; do not edit by hand:
           STAGEMON_UPDATE_DOCS=1 swift test --filter RulesDocumentTests -->

      Every verdict stagemon gives — in the monitor, `stagemon test`, `stagemon explain` — comes
      from one of these rules and names its ID. A **documented** rule quotes the IVS page it rests
      on; an **assumption** is stagemon's choice where the documentation is silent, with the
      reason. Rules hold for some SDK releases and some service days: `--as-of DATE` (or a
      scenario's `"asOf"`) picks the rules of that day; without it, the latest IVS stagemon
      knows (\(book.latestChange) and after). `stagemon rules ID` prints one rule,
      `stagemon rules --json` the whole book.

      """
    var area = ""
    for rule in book.rules {
      let first = String(rule.id.rawValue.prefix { $0 != "." })
      if first != area {
        area = first
        out += "\n## \(first)\n"
      }
      out += "\n### `\(rule.id)`\n\n\(rule.statement)\n\n"
      out += "- Kind: \(rule.kind.rawValue)\n"
      switch rule.basis {
      case .documented(let source):
        out += "- Source: [\(source.title)](\(source.url)), \(source.section): “\(source.quote)”\n"
      case .assumption(let reason): out += "- Why: \(reason)\n"
      }
      out += "- Holds: \(scope(of: rule))\n"
      if let advice = rule.advice {
        let ground =
          switch advice.basis {
          case .documented(let source): " ([\(source.section)](\(source.url)))"
          case .assumption: " (stagemon's reasoning)"
          }
        out += "- Advice: \(advice.text)\(ground)\n"
      }
    }
    return out
  }
}

extension Scope {
  /// The last day it holds (the day before `validUntil`), for people: "until 2026-04-15".
  public var lastDay: ServiceDate? { validUntil.map(\.previousDay) }
}

extension ServiceDate {
  /// The day before.
  public var previousDay: ServiceDate {
    if day > 1 { return ServiceDate(checkedYear: year, month: month, day: day - 1) }
    if month > 1 {
      let days = CivilDate.days(inMonth: month - 1, of: year)
      return ServiceDate(checkedYear: year, month: month - 1, day: days)
    }
    return ServiceDate(checkedYear: year - 1, month: 12, day: 31)
  }
}
