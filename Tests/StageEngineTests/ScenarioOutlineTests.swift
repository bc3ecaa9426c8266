import Foundation
import StageEngine
import Testing

/// `ScenarioOutline` (what `stagemon test --list` reads): the same assertions, numbers and names
/// a full load finds, and the same placed error wherever it reads — bad JSON, the top level,
/// the participants' IDs, an `expect` step — while a mistake in another step is left to the run.
@Suite struct ScenarioOutlineTests {
  static func write(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-outline-\(UUID().uuidString).json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The expect steps of a full load, as the outline lists them.
  static func loadedAssertions(_ path: String) throws -> [String] {
    let scenario = try Scenario(contentsOfFile: path)
    return scenario.steps.indices.compactMap { index in
      guard case .expect(let expectation) = scenario.steps[index] else { return nil }
      return "step \(index + 1): \(expectation.name)"
    }
  }

  static func outlined(_ path: String) throws -> [String] {
    try ScenarioOutline(contentsOfFile: path).assertions.map { "step \($0.step): \($0.name)" }
  }

  @Test(arguments: ScenarioGoldenTests.names)
  func listsWhatAFullLoadFinds(name: String) throws {
    let path = ScenarioGoldenTests.path(name)
    let outlined = try Self.outlined(path)
    #expect(outlined == (try Self.loadedAssertions(path)))
  }

  static let participants = #""participants": [{ "id": "host" }, { "id": "guest" }]"#

  @Test(arguments: [
    // Bad JSON: a trailing comma.
    #"{ \#(participants), "steps": [ { "join": "host" }, ] }"#,
    // An unknown top-level field.
    #"{ \#(participants), "stpes": [] }"#,
    // No participants.
    #"{ "steps": [ { "expect": { "participant": "host", "connection": "connected" } } ] }"#,
    // A participant without an ID.
    #"{ "participants": [{ "sdk": "ios@1.37.0" }] }"#,
    // An expect step about nobody declared, placed where the step starts.
    """
    { \(participants), "steps": [
      { "join": "host" },
      { "expect": { "participant": "ghost", "connection": "connected" } } ] }
    """,
    // An expect step with a misspelt field.
    #"{ \#(participants), "steps": [ { "expect": { "participant": "host", "conection": "x" } } ] }"#,
    // A bad asOf.
    #"{ "asOf": "2019-01-01", \#(participants) }"#,
  ])
  func reportsTheMistakesItReadsAsAFullLoadDoes(text: String) throws {
    let path = try Self.write(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var loadError: ScenarioError?
    do { _ = try Scenario(contentsOfFile: path) } catch { loadError = error }
    var outlineError: ScenarioError?
    do { _ = try ScenarioOutline(contentsOfFile: path) } catch { outlineError = error }
    let expected = try #require(loadError, "the full load refuses it")
    #expect(outlineError?.description == expected.description)
    #expect(outlineError?.position?.line == expected.position?.line)
  }

  @Test func aMistakeOutsideTheAssertionsIsLeftToTheRun() throws {
    let path = try Self.write(
      """
      { \(Self.participants), "steps": [
        { "jion": "host" },
        { "expect": { "participant": "host", "connection": "connected" }, "description": "in" } ] }
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: ScenarioError.self) { try Scenario(contentsOfFile: path) }
    #expect(try Self.outlined(path) == ["step 2: in"])
  }
}
