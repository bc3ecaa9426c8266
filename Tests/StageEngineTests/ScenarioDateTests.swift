import IVSRules
import Testing

@testable import StageEngine

/// A scenario's `asOf`: which day of IVS it tells, and so which rules decide its run.
@Suite struct ScenarioDateTests {
  static let today = ServiceDate(secondsSince1970: 1_796_000_000)  // 2026-11-30

  static func scenario(asOf: String?, updates: String? = nil) -> String {
    let date = asOf.map { "\n  \"asOf\": \($0)," } ?? ""
    let policy = updates.map { ", \"updates\": \"\($0)\"" } ?? ""
    return """
      {\(date)
        "composition": { "participantOrderAttribute": "order"\(policy) },
        "participants": [
          { "id": "a", "sdk": "ios@1.37.0", "capabilities": ["publish"],
            "attributes": { "order": "2" }, "strategy": { "publish": "always" } },
          { "id": "b", "sdk": "ios@1.37.0", "capabilities": ["publish"],
            "attributes": { "order": "1" }, "strategy": { "publish": "always" } }
        ],
        "steps": [
          { "join": "a" }, { "join": "b" },
          { "exchange": "a", "token": { "attributes": { "order": "0" } } }
        ]
      }
      """
  }

  func decode(_ text: String) throws -> Scenario {
    try Scenario(parsing: text, file: "s.json", baseDirectory: "/", today: Self.today)
  }

  func error(_ text: String) -> String {
    do {
      _ = try decode(text)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  /// The layout after the run: who is first.
  func firstInLayout(_ text: String) throws -> (first: String?, rule: RuleID?) {
    let runner = try ScenarioRunner(scenario: decode(text), file: "s.json")
    while try runner.step() != nil {}
    let composition = runner.stage.snapshot().composition
    return (composition?.slots.first?.participant, composition?.updates.rule)
  }

  @Test func asOfPicksTheRulesOfItsDay() throws {
    let old = try decode(Self.scenario(asOf: "\"2025-12-01\""))
    #expect(old.asOf?.description == "2025-12-01")
    let runner = try ScenarioRunner(scenario: old, file: "s.json")
    #expect(runner.stage.rules.date.description == "2025-12-01")
    #expect(!runner.stage.rules.isLatest)
    let latest = try ScenarioRunner(scenario: decode(Self.scenario(asOf: nil)), file: "s.json")
    #expect(latest.stage.rules.isLatest)
  }

  @Test func aCompositionFollowsAnExchangeAsItsDayDid() throws {
    let before = try firstInLayout(Self.scenario(asOf: "\"2026-04-15\""))
    #expect(before.first == "b")
    #expect(before.rule == .compositionLayoutOnReconnect)
    let from = try firstInLayout(Self.scenario(asOf: "\"2026-04-16\""))
    #expect(from.first == "a")
    #expect(from.rule == .compositionLayoutLive)
    #expect(try firstInLayout(Self.scenario(asOf: nil)).first == "a")
  }

  @Test func anExplicitUpdatesPolicyStillOverridesAsAWhatIf() throws {
    let text = Self.scenario(asOf: nil, updates: "on-reconnect")
    #expect(try firstInLayout(text).first == "b")
    let runner = try ScenarioRunner(scenario: decode(text), file: "s.json")
    #expect(runner.stage.snapshot().composition?.updates.isWhatIf == true)
  }

  @Test(arguments: [
    ("\"2026-13-01\"", "no such day"), ("\"26-01-01\"", "expected a day as YYYY-MM-DD"),
    ("\"2023-01-01\"", "before IVS real-time streaming existed"),
    ("\"2026-12-01\"", "in the future (today is 2026-11-30)"),
    ("20251201", "expected a day as a string"),
  ])
  func aBadAsOfNamesFileLineColumnAndTheField(value: String, reason: String) {
    let message = error(Self.scenario(asOf: value))
    #expect(message.hasPrefix("s.json:2:11: asOf: "), "\(message)")
    #expect(message.contains(reason), "\(message)")
  }

  @Test func theEncoderWritesAsOfBackAndLeavesADefaultPolicyOut() throws {
    let scenario = try decode(Self.scenario(asOf: "\"2025-12-01\""))
    let text = ScenarioEncoder.text(scenario)
    #expect(text.contains("\"asOf\": \"2025-12-01\""))
    #expect(!text.contains("\"updates\""))
    #expect(try decode(text).asOf == scenario.asOf)
  }
}
