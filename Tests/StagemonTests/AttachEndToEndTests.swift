import Foundation
import IVSLive
import StandInHarness
import Testing
import TmuxHarness

/// `stagemon attach` in tmux against the stand-in: the live session on screen, and a
/// participant who joins on the server shown within one poll period.
@Suite(
  .serialized, .enabled(if: TmuxSession.enabled, "tmux is not installed"),
  .enabled(if: StandInServer.enabled, "needs python3 with botocore (pip install botocore)"))
struct AttachEndToEndTests {
  /// Requests a second the test polls at (`--rate`).
  static let rate = 4.0
  static let pollPeriod = PollPlan.listPeriod(atRate: rate)

  func attached(_ live: LiveFixture) throws -> TmuxSession {
    let session = try TmuxSession(
      [
        StagemonBinary.url.path, "attach", LiveFixture.stageArn, "--rate", "\(Self.rate)",
      ], environment: live.environment)
    let shown = try session.waitFor(20) { $0.contains("viewer") && $0.contains("host") }
    #expect(shown.met, "\(shown.screen)")
    return session
  }

  @Test func theLiveSessionIsShownWithItsStatus() throws {
    let live = try LiveFixture()
    let session = try attached(live)
    let status = try session.waitFor(15) {
      $0.contains("live st-LiveSession01 · data") && $0.contains("4 req/s")
        && $0.contains("read-only") && $0.contains("web@1.32.0")
        && $0.contains("standin (StandIn01)")
    }
    #expect(status.met, "\(status.screen)")
    #expect(!status.screen.contains("AbCdEf123456"))
    // The viewer's GetParticipant states no SDK: unknown, never the profile the model assumes.
    let rows = status.screen.split(separator: "\n")
    #expect(rows.contains { $0.contains("viewer") && $0.contains("unknown") && !$0.contains("@") })
    #expect(!status.screen.contains(LiveFixture.secret))
    try session.send("p")
    let refused = try session.waitFor(5) {
      $0.contains("attach watches a real stage and never changes it")
    }
    #expect(refused.met, "\(refused.screen)")
    try session.send("q")
  }

  /// The header states how soon a join is on screen, and a join on the server is.
  @Test func aParticipantWhoJoinsOnTheServerShowsWithinTheStatedTime() throws {
    let live = try LiveFixture()
    let session = try attached(live)
    let stated = try session.waitFor(10) { $0.contains("joins on screen within") }
    #expect(stated.met, "\(stated.screen)")
    let words = stated.screen.components(separatedBy: "joins on screen within ").last ?? ""
    let seconds = try #require(Double(words.prefix { $0.isNumber }), "\(stated.screen)")
    #expect(seconds <= (PollPlan.joinDelay(atRate: Self.rate) + 1).rounded(.up))
    try live.server.act(#"{"action":"join","participantId":"latecomer","userId":"late"}"#)
    let joined = Date()
    let seen = try session.waitFor(seconds + 2) { $0.contains("latecomer") }
    #expect(seen.met, "\(seen.screen)")
    let took = Date().timeIntervalSince(joined)
    #expect(took <= seconds, "on screen \(took) s after the join; the header states \(seconds) s")
    try session.send("q")
  }

  @Test func aPollWithNewEventsKeepsTheSelectedParticipant() throws {
    let live = try LiveFixture()
    let session = try attached(live)
    // Participants who join on are listed as the poller finds them: select once every
    // participant is read (host's SDK and its recorded PUBLISH_STARTED shown), when the
    // order is the session's.
    let read = try session.waitFor(15) { screen in
      screen.contains("web@1.32.0")
        && screen.split(separator: "\n").contains {
          $0.contains("recorded") && $0.contains("PUBLISH_STARTED") && $0.contains("host")
        }
    }
    #expect(read.met, "\(read.screen)")
    try session.send("j")
    let selected = try session.waitFor(5) { $0.contains("▶ viewer") }
    #expect(selected.met, "\(selected.screen)")
    try live.server.act(
      #"{"action":"exchange","participantId":"viewer","attributes":{"role":"cohost"}}"#)
    let followed = try session.waitFor(Self.pollPeriod + 5) { $0.contains("role=cohost") }
    #expect(followed.met, "\(followed.screen)")
    #expect(followed.screen.contains("▶ viewer"), "\(followed.screen)")
    try session.send("q")
  }

  /// At the default 1 request a second, from the stand-in's log of arrivals: in any 5 s at
  /// most 5 requests and one early (a request the scheduler delayed lands beside the next),
  /// where twice the budget would put 10 there.
  @Test func theBudgetIsKeptWhileAttached() throws {
    let live = try LiveFixture()
    let session = try TmuxSession(
      [StagemonBinary.url.path, "attach", LiveFixture.stageArn], environment: live.environment)
    let shown = try session.waitFor(20) { $0.contains("latecomer") || $0.contains("viewer") }
    #expect(shown.met, "\(shown.screen)")
    let enough = try session.waitFor(20) { _ in (try? live.server.requestTimes().count) ?? 0 >= 12 }
    #expect(enough.met, "fewer than 12 requests in 20 s")
    try session.send("q")
    let times = try live.server.requestTimes()
    let window = 5.0
    #expect(StandInServer.busiest(times, window: window) <= Int(window) + 1, "\(times)")
  }
}
