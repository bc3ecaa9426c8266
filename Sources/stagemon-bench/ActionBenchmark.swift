import Foundation
import MonitorUI
import TerminalKit

/// Every keymap action at 10,000 participants (`stagemon-bench actions`): the median cost of
/// the key — model action, incremental refresh, re-derived views — measured through
/// `AppController.handle` exactly as the loop calls it. Each key is paired with the key that
/// undoes it so every round starts from the same state; the undo is timed as its own action.
/// The baseline, run in the same process, is the full `stage.snapshot()` every action paid
/// before refreshes became incremental. Target: ≤ 3 ms for each key. `STAGEMON_BENCH_ONLY=a,b`
/// times only the keys whose name contains `a` or `b` (to profile a few keys).
enum ActionBenchmark {
  static let rounds = 15
  static let target = 3.0

  /// One measured key: its name, the keys (the last one is timed) and the keys that undo it.
  struct Press {
    let name: String
    let setUp: [Key]
    let key: Key
    let undo: [Key]
  }

  /// The keys of `Keymap.standard`, on a subscribe-only viewer in the middle of the table;
  /// Home leaves the first row selected, so the keys after it act on a publisher that every
  /// observer sees (the heaviest case: `p`, `J` and `R` fan out to all 10,000).
  static let presses: [Press] = [
    Press(name: "↓ select (who sees what)", setUp: [], key: .down, undo: [.up]),
    Press(name: "↑ select", setUp: [.down], key: .up, undo: []),
    Press(name: "PgDn", setUp: [], key: .pageDown, undo: [.pageUp]),
    Press(name: "PgUp", setUp: [.pageDown], key: .pageUp, undo: []),
    Press(name: "End", setUp: [], key: .end, undo: [.home]),
    Press(name: "Home", setUp: [.end], key: .home, undo: []),
    Press(name: "Tab focus", setUp: [], key: .tab, undo: [.backTab]),
    Press(name: "Shift-Tab focus", setUp: [.tab], key: .backTab, undo: []),
    Press(name: "? help", setUp: [], key: .character("?"), undo: [.escape]),
    Press(name: "Esc close help", setUp: [.character("?")], key: .escape, undo: []),
    Press(name: "x open token deck", setUp: [], key: .character("x"), undo: [.escape]),
    Press(name: "↓ in the deck", setUp: [.character("x")], key: .down, undo: [.escape]),
    Press(
      name: "p publish / unpublish (a publisher)", setUp: [], key: .character("p"), undo: []),
    Press(name: "J leave (a publisher)", setUp: [], key: .character("J"), undo: [.character("J")]),
    Press(name: "J join (a publisher)", setUp: [.character("J")], key: .character("J"), undo: []),
    Press(name: "R reconnect (a publisher)", setUp: [], key: .character("R"), undo: []),
    Press(name: "r refresh strategy", setUp: [], key: .character("r"), undo: []),
    Press(name: "n next step (script done)", setUp: [], key: .character("n"), undo: []),
    Press(
      name: "v cycle SDK (a publisher)", setUp: [], key: .character("v"),
      undo: Array(repeating: .character("v"), count: 5)),
    Press(
      name: "x open token deck (a publisher)", setUp: [], key: .character("x"),
      undo: [.escape]),
    Press(
      name: "v policy (composition pane)", setUp: [.tab, .tab], key: .character("v"),
      undo: [.character("v"), .backTab, .backTab]),
    Press(name: "A record an assertion", setUp: [], key: .character("A"), undo: [.escape]),
    Press(
      name: "w why: the rules of a publisher's who-sees-what rows", setUp: [],
      key: .character("w"), undo: [.escape]),
    Press(name: "/ open filter", setUp: [], key: .character("/"), undo: [.escape]),
    Press(
      name: "typing into the filter", setUp: [.character("/")], key: .character("h"),
      undo: [.escape]),
    Press(name: "Space pause log", setUp: [], key: .character(" "), undo: [.character(" ")]),
    Press(name: "t next theme", setUp: [], key: .character("t"), undo: []),
    Press(
      name: "z zoom the focused pane", setUp: [], key: .character("z"), undo: [.character("z")]),
    Press(name: "z zoom back", setUp: [.character("z")], key: .character("z"), undo: []),
    Press(name: ": command line", setUp: [], key: .character(":"), undo: [.escape]),
    Press(name: "Esc clear status", setUp: [], key: .escape, undo: []),
    Press(name: "↑ select in the full log", setUp: [.backTab], key: .up, undo: [.end, .tab]),
    Press(name: "Home: the log's oldest line", setUp: [.backTab], key: .home, undo: [.end, .tab]),
    Press(
      name: "c copy the selected event", setUp: [.backTab, .up], key: .character("c"),
      undo: [.end, .tab]),
  ]

  /// Runs the suite; returns whether every key met the target.
  static func run() -> Bool {
    print("== every keymap action at \(RenderBenchmark.largeCount) participants ==")
    let controller: AppController
    do {
      controller = try RenderBenchmark.controller(participants: RenderBenchmark.largeCount)
    } catch {
      print("action benchmark failed: \(error)")
      return false
    }
    let viewer = "viewer\(RenderBenchmark.largeCount / 2 + 1)"
    for key in [Key.character(":")] + "select \(viewer)".map(Key.character) + [.enter] {
      controller.handle(key)
    }
    guard controller.state.selectedParticipant?.id == viewer else {
      print("action benchmark failed: could not select \(viewer)")
      return false
    }
    let stage = controller.state.runner.stage
    let baseline = median { _ = stage.snapshot() }
    BenchmarkHarness.report(
      "full stage.snapshot() (baseline)", String(format: "%.2f ms", baseline), target: "—",
      met: true)
    var slowest = (name: "", ms: 0.0)
    let only = ProcessInfo.processInfo.environment["STAGEMON_BENCH_ONLY"].map {
      $0.split(separator: ",").map(String.init)
    }
    let isTimed = { (name: String) in only?.contains(where: name.contains) ?? true }
    for press in presses where isTimed(press.name) {
      var lines = (before: 0, added: 0)
      let ms = median {
        for key in press.setUp { controller.handle(key) }
        lines.before = controller.state.log.appended
      } timed: {
        controller.handle(press.key)
      } after: {
        lines.added = controller.state.log.appended - lines.before
        for key in press.undo { controller.handle(key) }
        controller.tick()
      }
      if ms > slowest.ms { slowest = (press.name, ms) }
      BenchmarkHarness.report(
        "  " + press.name, String(format: "%.3f ms = %.3f× baseline", ms, ms / baseline),
        target: "≤ 3 ms", met: ms <= target)
      // A key that fans out to every observer: its cost per event it logged.
      if lines.added >= 1_000 {
        print(
          String(
            format: "    fans out: %d events, %.0f ns each", lines.added,
            ms * 1e6 / Double(lines.added)))
      }
    }
    for (name, events) in mouseEvents() where isTimed(name) {
      let ms = median { events.forEach(controller.handle) } / Double(events.count)
      if ms > slowest.ms { slowest = (name, ms) }
      BenchmarkHarness.report(
        "  " + name, String(format: "%.3f ms = %.3f× baseline", ms, ms / baseline),
        target: "≤ 3 ms", met: ms <= target)
    }
    BenchmarkHarness.report(
      "slowest: " + slowest.name, String(format: "%.3f ms", slowest.ms), target: "≤ 3 ms",
      met: slowest.ms <= target)
    // Last: it leaves the controller's snapshot behind the stage.
    guard let publisher = controller.state.snapshot.publishers.first else {
      print("action benchmark failed: no publisher left")
      return false
    }
    let refreshMatches = FanOutRefresh.run(
      controller.state.runner, publisher: publisher, rounds: rounds, isTimed: isTimed)
    return slowest.ms <= target && refreshMatches
  }

  /// Clicks on two participant rows in turn (each moves the selection), wheel steps over the
  /// log and clicks on two log lines in turn, where the controller's 120×40 layout puts them;
  /// timed per event.
  private static func mouseEvents() -> [(String, [InputEvent])] {
    let size = TerminalSize(width: 120, height: 40)
    guard let layout = ScreenLayout(size: size, participantCount: RenderBenchmark.largeCount)
    else { return [] }
    let row = layout.participants.y + 3
    let log = (x: layout.log.x + 5, y: layout.log.y + 2)
    return [
      (
        "mouse click on a participant row",
        [row, row + 1].map { .mouse(MouseEvent(.left, .press, x: 10, y: $0)) }
      ),
      ("mouse wheel up over the log", [.mouse(MouseEvent(.wheelUp, .press, x: log.x, y: log.y))]),
      (
        "mouse wheel down over the log",
        [.mouse(MouseEvent(.wheelDown, .press, x: log.x, y: log.y))]
      ),
      (
        "mouse click on a log line",
        [log.y, log.y + 3].map { .mouse(MouseEvent(.left, .press, x: log.x, y: $0)) }
      ),
    ]
  }

  private static func median(_ body: () -> Void) -> Double {
    median({}, timed: body, after: {})
  }

  private static func median(
    _ before: () -> Void, timed body: () -> Void, after: () -> Void
  ) -> Double {
    var samples: [Double] = []
    for _ in 0..<rounds {
      before()
      samples.append(BenchmarkHarness.nanoseconds(body) / 1e6)
      after()
    }
    return BenchmarkHarness.median(samples)
  }
}
