import Foundation
import Testing

@testable import IVSRules

/// docs/RULES.md is the book: it fails when the file is stale. Regenerate after changing a rule
/// with `STAGEMON_UPDATE_DOCS=1 swift test --filter RulesDocumentTests`.
@Suite struct RulesDocumentTests {
  static let document = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/RULES.md")

  @Test func docsRulesIsGeneratedFromTheBook() throws {
    let generated = RuleText.markdown()
    if ProcessInfo.processInfo.environment["STAGEMON_UPDATE_DOCS"] == "1" {
      let current = try? String(contentsOf: Self.document, encoding: .utf8)
      if current != generated {
        try generated.write(to: Self.document, atomically: true, encoding: .utf8)
      }
      return
    }
    let text = try String(contentsOf: Self.document, encoding: .utf8)
    #expect(
      text == generated,
      "docs/RULES.md is stale: STAGEMON_UPDATE_DOCS=1 swift test --filter RulesDocumentTests")
  }

  @Test func everyRuleHasItsSectionWithKindAndGround() {
    let page = RuleText.markdown()
    for rule in RuleBook.ivs.rules {
      #expect(page.contains("### `\(rule.id)`\n\n\(rule.statement)\n"), "\(rule.id)")
      let ground =
        switch rule.basis {
        case .documented(let source): "- Source: [\(source.title)](\(source.url))"
        case .assumption(let reason): "- Why: \(reason)"
        }
      #expect(page.contains(ground), "\(rule.id)")
    }
  }

  @Test func aRulesLinesNameItsKindSourceAndWhereItHolds() {
    let live = RuleText.lines(of: RuleBook.ivs.rule(.compositionLayoutLive))
    #expect(live.first == "composition.layout.live  [documented]")
    #expect(live.contains { $0.hasPrefix("  source: IVS Broadcast SDK: Token Exchange") })
    #expect(live.contains("  holds:  every SDK, from 2026-04-16"))
    let old = RuleText.lines(of: RuleBook.ivs.rule(.compositionLayoutOnReconnect))
    #expect(old.contains("  holds:  every SDK, until 2026-04-15"))
    let web = RuleText.lines(of: RuleBook.ivs.rule(.visibilityMetadataEventWeb))
    #expect(web.contains("  holds:  web ≥ 1.33.0, every day"))
    let assumed = RuleText.lines(of: RuleBook.ivs.rule(.exchangeRequiresConnection))
    #expect(assumed.first == "exchange.requires-connection  [assumption]")
    #expect(assumed.contains { $0.hasPrefix("  why:    ") })
  }

  /// docs/ASSUMPTIONS.md lists every assumption of the book, and a bullet opens only with
  /// assumptions: a rule that became documented (or a new assumption) makes it fail.
  @Test func docsAssumptionsListsExactlyTheBooksAssumptions() throws {
    let page = try String(
      contentsOf: Self.document.deletingLastPathComponent().appendingPathComponent(
        "ASSUMPTIONS.md"),
      encoding: .utf8)
    #expect(page.contains("[RULES.md](RULES.md)"))
    let assumed = Set(RuleBook.ivs.rules.filter { $0.kind == .assumption }.map(\.id.rawValue))
    for id in assumed.sorted() {
      #expect(page.contains("`\(id)`"), "docs/ASSUMPTIONS.md does not name \(id)")
    }
    let known = Set(RuleID.allCases.map(\.rawValue))
    for line in page.split(separator: "\n") where line.hasPrefix("- `") {
      let head = line.prefix { $0 != ":" }
      for id in head.split(separator: "`").map(String.init) where known.contains(id) {
        #expect(assumed.contains(id), "docs/ASSUMPTIONS.md lists documented \(id) as assumed")
      }
    }
  }

  @Test func theDayBeforeCrossesMonthsAndYears() throws {
    #expect(try ServiceDate(parsing: "2026-03-01").previousDay.description == "2026-02-28")
    #expect(try ServiceDate(parsing: "2024-03-01").previousDay.description == "2024-02-29")
    #expect(try ServiceDate(parsing: "2026-01-01").previousDay.description == "2025-12-31")
    #expect(try ServiceDate(parsing: "2026-04-16").previousDay.description == "2026-04-15")
  }
}
