import Foundation
import Testing
import TmuxHarness

/// Time travel in the real binary: `b` steps back, `f` goes forward again, `B` restarts — the
/// header's timeline and the participants' state follow; the screen is polled, never slept on.
extension MonitorEndToEndTests {
  @Test func backForwardAndRestartMoveTheTimelineAndTheStage() throws {
    let session = try joinedStage()
    try expect(session, shows: "step 4/4")
    try session.send("b")
    try expect(session, "one step back: the header says 3/4 and web is disconnected again") {
      $0.contains("step 3/4") && $0.components(separatedBy: "disconnected").count - 1 == 1
    }
    try session.send("f")
    try expect(session, "forward again: 4/4 and all four connected") {
      $0.contains("step 4/4") && !$0.contains("disconnected")
    }
    try session.send("B")
    try expect(session, "restart: 0/4 and nobody connected") {
      $0.contains("step 0/4") && $0.components(separatedBy: "disconnected").count - 1 >= 4
    }
    try session.send("n")
    try expect(session, "a step after the restart runs: 1/4 with only the host connected") {
      $0.contains("step 1/4") && $0.components(separatedBy: "disconnected").count - 1 == 3
    }
  }
}
