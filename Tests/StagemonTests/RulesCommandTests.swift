import Foundation
import IVSRules
import Testing

/// `stagemon rules [ID] [--as-of DATE] [--json]` (#28 item 2), through the real binary: the
/// whole book with a source for every documented rule, one rule by ID, an unknown ID refused
/// with the nearest ones, the JSON shape the issue names, and `--as-of` keeping the rules in
/// force that day.
@Suite struct RulesCommandTests {
  @Test func theBookPrintsEveryRuleWithItsSourceOrItsReason() throws {
    let result = try StagemonBinary.run(["rules"])
    #expect(result.status == 0, "\(result.stderr)")
    for rule in RuleBook.ivs.rules {
      #expect(result.stdout.contains("\(rule.id)  [\(rule.kind.rawValue)]\n  \(rule.statement)"))
      switch rule.basis {
      case .documented(let source):
        #expect(result.stdout.contains(source.url), "\(rule.id) lacks its source")
      case .assumption(let reason):
        #expect(result.stdout.contains("why:    \(reason)"), "\(rule.id) lacks its reason")
      }
    }
  }

  @Test func anIDPrintsThatRuleAlone() throws {
    let result = try StagemonBinary.run(["rules", "composition.layout.live"])
    #expect(result.status == 0, "\(result.stderr)")
    let live = RuleBook.ivs.rule(.compositionLayoutLive)
    #expect(result.stdout == RuleText.lines(of: live).joined(separator: "\n") + "\n")
  }

  @Test func anUnknownIDExitsTwoNamingTheNearestIDs() throws {
    let result = try StagemonBinary.run(["rules", "composition.layout.lve"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("composition.layout.lve"), "\(result.stderr)")
    #expect(result.stderr.contains("composition.layout.live"), "\(result.stderr)")
  }

  /// The parsed `--json` output: one object per rule.
  static func json(_ arguments: [String]) throws -> [[String: Any]] {
    let result = try StagemonBinary.run(["rules", "--json"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return try #require(parsed as? [[String: Any]], "\(result.stdout.prefix(200))")
  }

  @Test func jsonHasIDStatementKindSourceRangeAndDates() throws {
    let rules = try Self.json([])
    #expect(rules.map { $0["id"] as? String } == RuleBook.ivs.rules.map(\.id.rawValue))
    for (object, rule) in zip(rules, RuleBook.ivs.rules) {
      #expect(object["statement"] as? String == rule.statement)
      #expect(object["kind"] as? String == rule.kind.rawValue)
      #expect(object["sdks"] is [Any], "\(rule.id)")
      #expect(object.keys.contains("validFrom") && object.keys.contains("validUntil"))
      if let source = rule.basis.source {
        let shown = try #require(object["source"] as? [String: Any], "\(rule.id)")
        #expect(shown["title"] as? String == source.title)
        #expect(shown["url"] as? String == source.url)
        #expect(shown["quote"] as? String == source.quote)
      } else {
        #expect(object["source"] is NSNull, "\(rule.id)")
        #expect(object["reason"] as? String == rule.basis.reason)
      }
    }
    let live = try #require(rules.first { $0["id"] as? String == "composition.layout.live" })
    #expect(live["validFrom"] as? String == "2026-04-16")
  }

  @Test func asOfKeepsOnlyTheRulesInForceThatDay() throws {
    let then = try Self.json(["--as-of", "2025-12-01"]).compactMap { $0["id"] as? String }
    #expect(then.contains("composition.layout.on-reconnect"))
    #expect(!then.contains("composition.layout.live"))
    let later = try Self.json(["--as-of", "2026-05-01"]).compactMap { $0["id"] as? String }
    #expect(later.contains("composition.layout.live"))
    #expect(!later.contains("composition.layout.on-reconnect"))
    #expect(then.count < RuleBook.ivs.rules.count && later.count < RuleBook.ivs.rules.count)
    let outOfForce = try StagemonBinary.run(
      ["rules", "composition.layout.live", "--as-of", "2025-12-01"])
    #expect(outOfForce.status != 0 && outOfForce.stdout.isEmpty)
    #expect(outOfForce.stderr.contains("not in force on 2025-12-01"), "\(outOfForce.stderr)")
  }

  @Test func aMalformedDateIsAUsageErrorNamingTheOption() throws {
    let result = try StagemonBinary.run(["rules", "--as-of", "2025-13-01"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--as-of"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
