import Foundation
import StandInHarness
import Testing
import TmuxHarness

/// `stagemon attach` in tmux against the stand-in: the live session on screen, and a
/// participant who joins on the server shown within one poll period.
@Suite(
  .serialized, .enabled(if: TmuxSession.enabled, "tmux is not installed"),
  .enabled(if: StandInServer.enabled, "needs python3 with botocore (pip install botocore)"))
struct AttachEndToEndTests {
  /// Requests a second the test polls at: one poll period is `PollPlan.listEvery / rate`.
  static let rate = 4.0
  static let pollPeriod = 10 / rate

  func attached(_ live: LiveFixture) throws -> TmuxSession {
    let session = try TmuxSession(
      [
        StagemonBinary.url.path, "attach", LiveFixture.stageArn, "--max-rps", "\(Self.rate)",
      ], environment: live.environment)
    let shown = try session.waitFor(20) { $0.contains("viewer") && $0.contains("host") }
    #expect(shown.met, "\(shown.screen)")
    return session
  }

  @Test func theLiveSessionIsShownWithItsStatus() throws {
    let live = try LiveFixture()
    let session = try attached(live)
    let status = try session.waitFor(15) {
      $0.contains("live st-LiveSession01") && $0.contains("read-only") && $0.contains("web@1.32.0")
    }
    #expect(status.met, "\(status.screen)")
    #expect(!status.screen.contains(LiveFixture.secret))
    try session.send("q")
  }

  @Test func aParticipantWhoJoinsOnTheServerShowsWithinOnePollPeriod() throws {
    let live = try LiveFixture()
    let session = try attached(live)
    try live.server.act(#"{"action":"join","participantId":"latecomer","userId":"late"}"#)
    let joined = Date()
    let seen = try session.waitFor(Self.pollPeriod + 3) { $0.contains("latecomer") }
    #expect(seen.met, "\(seen.screen)")
    #expect(Date().timeIntervalSince(joined) <= Self.pollPeriod + 3)
    try session.send("q")
  }

  @Test func theBudgetIsKeptWhileAttached() throws {
    let live = try LiveFixture()
    let session = try TmuxSession(
      [StagemonBinary.url.path, "attach", LiveFixture.stageArn], environment: live.environment)
    let shown = try session.waitFor(20) { $0.contains("latecomer") || $0.contains("viewer") }
    #expect(shown.met, "\(shown.screen)")
    let peak = try live.server.stats()["maxPerSecondAll"] as? Int ?? 99
    #expect(peak <= 1)
    try session.send("q")
  }
}
