import Foundation
import Testing

/// `stagemon run --check`: the verdict of a scenario's `expect` steps as exit status.
@Suite struct RunCheckTests {
  static let scenario = """
    { "participants": [
        { "id": "guest", "sdk": "android@1.37.0", "capabilities": ["subscribe"], "attributes": { "seat": "2" } },
        { "id": "host", "sdk": "ios@1.37.0", "capabilities": ["publish", "subscribe"] },
        { "id": "viewer-android", "sdk": "android@1.36.0", "capabilities": ["subscribe"] } ],
      "steps": [
        { "join": "host" }, { "join": "guest" }, { "join": "viewer-android" },
        { "exchange": "guest", "token": { "capabilities": ["publish", "subscribe"] } },
        { "expect": { "participant": "guest", "publish": "published" } },
        { "expect": { "observer": "viewer-android", "sees": "guest", "as": "AS" } } ] }
    """

  func check(as view: String, extra: [String] = []) throws -> StagemonBinary.Output {
    try StagemonBinary.run(
      ["run", "-", "--check"] + extra,
      input: Self.scenario.replacingOccurrences(of: "AS", with: view))
  }

  @Test func passingExpectationsExitZeroWithTheCount() throws {
    let result = try check(as: "current")
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "-: 2 expectations checked, 0 failed\n")
  }

  @Test func aFailedExpectationExitsOneListingItWithFileAndStep() throws {
    let result = try check(as: "stale")
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "-:9:5: step 6: expected viewer-android to see guest as stale, but it is current ({seat=2})"
          + " [rules: visibility.republish-only]\n"
      ))
    #expect(result.stderr.hasSuffix("-: 2 expectations checked, 1 failed\n"))
  }

  @Test func withHeadlessTheStreamCarriesTheFailureToo() throws {
    let result = try check(as: "stale", extra: ["--headless"])
    #expect(result.status == 1)
    #expect(result.stdout.contains(#""kind":"expectFailed""#))
    #expect(result.stdout.contains(#""step":"step 6","expected":"stale""#))
  }

  @Test func withoutCheckAFailedExpectationIsOnlyAnEvent() throws {
    let result = try StagemonBinary.run(
      ["run", "-", "--headless"], input: Self.scenario.replacingOccurrences(of: "AS", with: "stale")
    )
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""kind":"expectFailed""#))
  }
}
