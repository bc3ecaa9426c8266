import IVSRules
import InputKit
import JSONKit

/// `stagemon rules [ID] [--as-of DATE] [--json]`: the rule book every verdict cites, so a rule
/// ID seen in the monitor, a test failure or `explain` opens to its statement and source.
enum RulesCommand {
  static let help = """
    USAGE: stagemon rules [ID] [--as-of DATE] [--json]

    Prints the IVS rules stagemon decides by: each rule's ID, kind (documented, with the
    IVS page, section and sentence it rests on; or assumption, with why stagemon chose it),
    the SDK releases and service days it holds for, and any advice. Every verdict stagemon
    gives names the IDs of the rules that made it. docs/RULES.md is the same book.

    OPTIONS:
      ID             only this rule (e.g. composition.layout.live)
      --as-of DATE   only the rules in force on DATE (YYYY-MM-DD), e.g. 2025-12-01
      --json         a JSON array: id, statement, kind, source {title, url, section,
                     quote} or reason, sdks, validFrom, validUntil, advice
      -h, --help     show this help

    Exit status: 0 printed; 2 usage error (an unknown ID names the nearest ones).
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    let book = RuleBook.ivs
    var rules = book.rules
    if let id = options.id {
      do {
        rules = [try book.rule(named: id)]
      } catch {
        return Stagemon.fail(UsageError("\(error)"), help: help)
      }
    }
    if let day = options.asOf {
      rules = rules.filter { $0.scope.holds(on: day) }
      if rules.isEmpty, let id = options.id {
        Console.error("stagemon: rule \(id) is not in force on \(day)")
        return .invalid
      }
    }
    if options.json {
      Console.out(JSONWriter.pretty(.array(rules.map(json))))
    } else {
      Console.out(
        rules.map { RuleText.lines(of: $0).joined(separator: "\n") }.joined(separator: "\n\n"))
    }
    return .success
  }

  /// One rule as a JSON object.
  static func json(_ rule: Rule) -> JSON {
    var members: [(key: String, value: JSON)] = [
      ("id", .string(rule.id.rawValue)), ("statement", .string(rule.statement)),
      ("kind", .string(rule.kind.rawValue)),
    ]
    switch rule.basis {
    case .documented(let source): members.append(("source", json(source)))
    case .assumption(let reason):
      members += [("source", .null), ("reason", .string(reason))]
    }
    let sdks = rule.scope.sdks.map { range -> JSON in
      .object([
        ("platforms", .array(range.platforms.map { .string($0.rawValue) })),
        ("from", range.from.map { .string($0.description) } ?? .null),
        ("before", range.before.map { .string($0.description) } ?? .null),
      ])
    }
    members += [
      ("sdks", .array(sdks)),
      ("validFrom", rule.scope.validFrom.map { .string($0.description) } ?? .null),
      ("validUntil", rule.scope.validUntil.map { .string($0.description) } ?? .null),
    ]
    if let advice = rule.advice {
      var fields: [(key: String, value: JSON)] = [("text", .string(advice.text))]
      switch advice.basis {
      case .documented(let source): fields.append(("source", json(source)))
      case .assumption(let reason): fields.append(("reason", .string(reason)))
      }
      members.append(("advice", .object(fields)))
    }
    return .object(members)
  }

  private static func json(_ source: Source) -> JSON {
    .object([
      ("title", .string(source.title)), ("url", .string(source.url)),
      ("section", .string(source.section)), ("quote", .string(source.quote)),
    ])
  }

  struct Options: CommandOptions {
    let id: String?
    let asOf: ServiceDate?
    let json: Bool

    init(_ arguments: inout Arguments) throws(UsageError) {
      json = arguments.flag("--json")
      asOf = try AsOfOption.parse(&arguments)
      id = arguments.positional()
      try arguments.finish()
    }
  }
}
