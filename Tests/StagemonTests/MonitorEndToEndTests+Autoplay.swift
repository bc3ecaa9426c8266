import Foundation
import Testing
import TmuxHarness

/// `--play`: the real binary plays the demo by itself; the screen is polled, never slept on.
extension MonitorEndToEndTests {
  @Test func playFlagPlaysTheDemoToItsLastNarration() throws {
    let session = try TmuxSession([StagemonBinary.url.path, "--play", "8"])
    try expect(session, shows: "▶ 8×")
    try expect(session, shows: "the end of the demo", seconds: 60)
    try expect(session, shows: "playing finished: all 13 steps ran", seconds: 30)
    try expect(session, shows: "❚❚ 8×")
  }

  @Test func playKeyPausesPlayingAndOtherKeysStillWork() throws {
    let session = try TmuxSession([StagemonBinary.url.path, "--play", "0.1"])
    try expect(session, shows: "▶ 0.1×")
    try session.send("a")
    try expect(session, shows: "❚❚ 0.1×")
    try session.send("?")
    try expect(session, shows: "autoplay: play / pause the script")
  }
}
