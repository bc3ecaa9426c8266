import StageEngine

/// `Stage.refresh(_:)` alone after each action a fan-out key performs (part of `actions`): the
/// key's figure includes the model and the log, this isolates bringing the UI's snapshot up to
/// date. Each action runs on the selected publisher through the runner, its events are drained,
/// then only the refresh is timed; the refreshed snapshot is checked against `snapshot()`. The
/// figures are a breakdown of the key's (whose target is 3 ms), so they have no target of their
/// own.
enum FanOutRefresh {
  /// The actions, in an order that leaves the stage as it was after each pair.
  private static func actions(of id: String) -> [(name: String, step: ScenarioStep)] {
    [
      ("Stage.refresh after p publish: unpublish", .unpublish(id)),
      ("Stage.refresh after p publish: publish", .publish(id)),
      ("Stage.refresh after J leave", .leave(id)),
      ("Stage.refresh after J join", .join(id)),
      ("Stage.refresh after R reconnect", .reconnect(id)),
    ]
  }

  /// Times the refresh after each action whose name `isTimed` accepts (all of them run, so
  /// the stage returns to where it was), on `runner`'s stage. It keeps its own snapshot, so the
  /// stage's changes no longer reach the controller's: run it last. Returns whether every
  /// refreshed snapshot matched a fresh one.
  static func run(
    _ runner: ScenarioRunner, publisher id: String, rounds: Int, isTimed: (String) -> Bool
  ) -> Bool {
    let stage = runner.stage
    var kept = stage.snapshot()
    var matches = true
    var samples: [String: [Double]] = [:]
    for _ in 0..<rounds {
      for action in actions(of: id) {
        do {
          try runner.perform(action.step, origin: "bench:")
        } catch {
          print("  \(action.name): the action failed: \(error)")
          return false
        }
        _ = stage.drainEvents()
        let ns = BenchmarkHarness.nanoseconds { stage.refresh(&kept) }
        if isTimed(action.name) { samples[action.name, default: []].append(ns / 1e6) }
      }
      matches = kept == stage.snapshot() && matches
    }
    if !matches { print("  the refreshed snapshot differed from snapshot()") }
    for action in actions(of: id) {
      guard let times = samples[action.name] else { continue }
      BenchmarkHarness.report(
        "  " + action.name, String(format: "%.3f ms", BenchmarkHarness.median(times)),
        target: "— (part of the key)", met: true)
    }
    return matches
  }
}
