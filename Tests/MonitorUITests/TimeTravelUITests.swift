import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// Time travel in the UI on the in-memory backend: `b` and `f` (from the keymap), `:goto N`,
/// `:forward` and `:restart` bring the screen's snapshot and log back to exactly what they were
/// at that step, backwards and forwards.
@Suite struct TimeTravelUITests {
  /// What the screen showed after each scripted step of the demo.
  struct Seen {
    var snapshots: [StageSnapshot] = []
    var logs: [[String]] = []
    var steps: [Int] = []
    var scriptDone: [Int] = []
  }

  static func playDemo(_ controller: AppController, steps: Int) -> Seen {
    var seen = Seen()
    func mark() {
      seen.snapshots.append(controller.state.snapshot)
      seen.logs.append(RecordingTests.uiStream(controller))
      seen.steps.append(controller.state.runner.history.count)
      seen.scriptDone.append(controller.state.script.done)
    }
    mark()
    for _ in 0..<steps {
      controller.perform(.nextStep)
      mark()
    }
    return seen
  }

  static func expectShows(
    _ seen: Seen, _ index: Int, _ controller: AppController,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let state = controller.state
    #expect(state.runner.history.count == seen.steps[index], sourceLocation: sourceLocation)
    #expect(state.snapshot == seen.snapshots[index], sourceLocation: sourceLocation)
    #expect(state.snapshot == state.runner.stage.snapshot(), sourceLocation: sourceLocation)
    #expect(RecordingTests.uiStream(controller) == seen.logs[index], sourceLocation: sourceLocation)
  }

  @Test(arguments: [1, 3, 6])
  func gotoShowsTheSnapshotAndLogOfThatStep(index: Int) throws {
    let controller = try Fixture.demo()
    let seen = Self.playDemo(controller, steps: 8)
    RecordingTests.command("goto \(seen.steps[index])", controller)
    Self.expectShows(seen, index, controller)
    #expect(controller.state.script.done == seen.scriptDone[index])
  }

  @Test func backKeyUndoesTheLastStepAndRestartGoesToTheOpening() throws {
    let controller = try Fixture.demo()
    let seen = Self.playDemo(controller, steps: 4)
    controller.handle(.character("b"))
    Self.expectShows(seen, 3, controller)
    // The demo's opening: its setup steps ran, the stage is live (`:goto 0` goes before it).
    RecordingTests.command("restart", controller)
    #expect(controller.state.runner.history.count == DemoScenario.openingSteps)
    #expect(controller.state.snapshot == controller.state.runner.stage.snapshot())
    controller.perform(.nextStep)
    #expect(controller.state.runner.history.count == DemoScenario.openingSteps + 1)
  }

  @Test func forwardKeyAndGotoRedoTheStepsGoneBackOverWithTheirLog() throws {
    let controller = try Fixture.demo()
    let seen = Self.playDemo(controller, steps: 8)
    RecordingTests.command("goto \(seen.steps[2])", controller)
    controller.handle(.character("f"))
    Self.expectShows(seen, 3, controller)
    RecordingTests.command("goto \(seen.steps[7])", controller)
    Self.expectShows(seen, 7, controller)
    RecordingTests.command("forward", controller)
    Self.expectShows(seen, 8, controller)
    #expect(controller.state.script.done == seen.scriptDone[8])
    #expect(controller.state.runner.redoCount == 0)
  }

  @Test func anotherActionAfterGoingBackLeavesNothingToRedo() throws {
    let controller = try Fixture.demo()
    let seen = Self.playDemo(controller, steps: 4)
    controller.handle(.character("b"))
    controller.handle(.character("b"))
    #expect(controller.state.runner.redoCount == 2)
    RecordingTests.command("advance 30s", controller)
    #expect(controller.state.runner.redoCount == 0)
    controller.handle(.character("f"))
    #expect(controller.state.status?.kind == .error)
    #expect(controller.state.runner.history.count == seen.steps[2] + 1)
    #expect(controller.state.undoneLog.isEmpty)
  }

  @Test(arguments: ["99", "-2", "seven"])
  func gotoOutsideTheRunSaysTheRangeAndChangesNothing(argument: String) throws {
    let controller = try Fixture.demo()
    let seen = Self.playDemo(controller, steps: 3)
    RecordingTests.command("goto \(argument)", controller)
    #expect(controller.state.status?.kind == .error)
    let reach = controller.state.runner.reachableStep
    #expect(controller.state.status?.text.contains("0…\(reach)") == true)
    Self.expectShows(seen, 3, controller)
  }

}

/// The header's timeline follows time travel and gives way before the composition's policy.
@Suite struct TimelineHeaderTests {
  static func header(_ controller: AppController, width: Int) -> String {
    let grid = Fixture.render(width: width, height: 1) { rect, grid in
      HeaderView.render(controller.state, in: rect, into: &grid)
    }
    return Fixture.text(grid)[0]
  }

  @Test func headerTimelineShowsTheStepAfterGoingBack() throws {
    let controller = try Fixture.demo(steps: 4)
    let before = Self.header(controller, width: 120)
    let done = controller.state.runner.history.count
    controller.handle(.character("b"))
    let after = Self.header(controller, width: 120)
    #expect(before.contains("step \(done)/"), "\(before)")
    #expect(after.contains("step \(done - 1)/"), "\(after)")
    #expect(after.contains("▒"), "the step to redo is shaded: \(after)")
    #expect(!before.contains("▒"), "\(before)")
  }

  @Test(arguments: [72, 90, 120])
  func headerKeepsThePolicyWhateverTheTimeline(width: Int) throws {
    let controller = try Fixture.demoOnReconnect(steps: 4)
    let header = Self.header(controller, width: width)
    #expect(header.contains("grid on-reconnect") || header.contains("no composition"), "\(header)")
  }
}
