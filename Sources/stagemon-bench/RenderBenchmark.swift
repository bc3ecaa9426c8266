import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import TokenCore

/// Benchmark of the monitor UI (`stagemon-bench render`):
/// (a) one full frame rendered into the cell grid at 300×80 with 10,000 participants against
/// the same frame with 10 (the side-by-side baseline), both generated scenarios with every
/// participant joined and some publishing, the host selected. Every frame is drawn from the
/// state alone (nothing is kept from the frame before). Targets: ≤ 1 ms per frame and a ratio
/// ≤ 1.2 (panes visit only the rows they show); 80×24 and 200×60 are reported beside it;
/// (b) the cost of a key press at 10,000 participants: ↓ (selection → "who sees what"
/// rebuilt) and `v` on the composition (an action: drain, snapshot, rebuild), with the
/// snapshot and the rebuild alone. Target ≤ 50 ms;
/// (c) memory of the event log: 1,000,000 events into the default bound; the peak RSS growth
/// after 100,000 events is the baseline for the growth after 1,000,000. Target: lines held
/// = bound and no growth beyond the baseline's (+ 8 MiB slack).
enum RenderBenchmark {
  static let size = TerminalSize(width: 300, height: 80)
  static let publishers = 6
  static let largeCount = 10_000
  static let keyPresses = 21

  /// Runs the benchmark, prints a report and returns whether every target was met.
  static func run() -> Bool {
    let logMet = logMemory()
    do {
      print("building generated stages (10 and \(largeCount) participants)…")
      let small = try controller(participants: 10)
      let large = try controller(participants: largeCount)
      let environment = ProcessInfo.processInfo.environment
      if let size = environment["STAGEMON_BENCH_FRAMES"] {
        let few = environment["STAGEMON_BENCH_PARTICIPANTS"] == "10"
        return profileLoop(few ? small.state : large.state, size: size)
      }
      let frameMet = try frames(small: small.state, large: large.state)
      let sizesMet = otherSizes(large.state)
      let keysMet = keyPresses(large)
      return logMet && frameMet && sizesMet && keysMet
    } catch {
      print("render benchmark failed: \(error)")
      return false
    }
  }

  // MARK: (a) frames

  /// Rounds of frames, alternating, and their length: this machine changes speed seconds
  /// apart, so short rounds, many of them, let both sides of a ratio see both speeds.
  static let frameRounds = 21
  static let frameRoundSeconds = 0.15

  private static func frames(small: AppState, large: AppState) throws -> Bool {
    var smallGrid = CellGrid(width: size.width, height: size.height)
    var largeGrid = smallGrid
    Screen.render(small, into: &smallGrid)
    Screen.render(large, into: &largeGrid)
    try check(largeGrid, contains: "Participants \(largeCount)")
    try check(smallGrid, contains: "Participants 10 ")
    let rates = BenchmarkHarness.compare(
      rounds: frameRounds, roundSeconds: frameRoundSeconds,
      baseline: {
        Screen.render(small, into: &smallGrid)
        return 1
      },
      candidate: {
        Screen.render(large, into: &largeGrid)
        return 1
      })
    let smallMs = 1_000 / rates.baseline
    let largeMs = 1_000 / rates.candidate
    let ratio = largeMs / smallMs
    print(
      "render (a) one full frame at \(size.width)×\(size.height), median of \(frameRounds) rounds:")
    BenchmarkHarness.report(
      "  10 participants (baseline)", String(format: "%.3f ms/frame", smallMs), target: "—",
      met: true)
    BenchmarkHarness.report(
      "  10,000 participants", String(format: "%.3f ms/frame", largeMs), target: "≤ 1 ms",
      met: largeMs <= 1)
    BenchmarkHarness.report(
      "  ratio 10,000 / 10", String(format: "%.2f", ratio), target: "≤ 1.2", met: ratio <= 1.2)
    return largeMs <= 1 && ratio <= 1.2
  }

  /// (a2) The same 10,000-participant frame at 80×24 (the layout leaving panes out) and at
  /// 200×60, for the record beside the 300×80 target.
  private static func otherSizes(_ state: AppState) -> Bool {
    print(
      "render (a2) one full frame at other sizes, 10,000 participants,"
        + " median of \(frameRounds) rounds:")
    let sizes = [TerminalSize(width: 80, height: 24), TerminalSize(width: 200, height: 60)]
    var grids = sizes.map { CellGrid(width: $0.width, height: $0.height) }
    let rates = BenchmarkHarness.compare(
      rounds: frameRounds, roundSeconds: frameRoundSeconds,
      baseline: {
        Screen.render(state, into: &grids[0])
        return 1
      },
      candidate: {
        Screen.render(state, into: &grids[1])
        return 1
      })
    var met = true
    for (size, rate) in zip(sizes, [rates.baseline, rates.candidate]) {
      let ms = 1_000 / rate
      BenchmarkHarness.report(
        "  \(size.width)×\(size.height)", String(format: "%.3f ms/frame", ms), target: "≤ 1 ms",
        met: ms <= 1)
      met = met && ms <= 1
    }
    return met
  }

  /// `STAGEMON_BENCH_FRAMES=300x80`: 40 frames of the 10,000-participant stage at that size and
  /// nothing else, for a profiler (callgrind toggled on `Screen.render`) to count one size's
  /// frame. With `STAGEMON_BENCH_PARTICIPANTS=10`, the 10-participant stage's frames (the (a)
  /// ratio); `STAGEMON_BENCH_FRAME_COUNT=80` renders 80 instead.
  private static func profileLoop(_ state: AppState, size: String) -> Bool {
    let sides = size.split(separator: "x").compactMap { Int($0) }
    guard sides.count == 2 else {
      print("STAGEMON_BENCH_FRAMES wants WIDTHxHEIGHT, not \(size)")
      return false
    }
    var grid = CellGrid(width: sides[0], height: sides[1])
    let environment = ProcessInfo.processInfo.environment
    let asked = environment["STAGEMON_BENCH_FRAME_COUNT"].flatMap { Int($0) } ?? 40
    let frames = max(1, min(asked, 100_000))
    for _ in 0..<frames { Screen.render(state, into: &grid) }
    print("rendered \(frames) frames at \(size)")
    return true
  }

  private static func check(_ grid: CellGrid, contains text: String) throws {
    guard grid.text().contains(where: { $0.contains(text) }) else {
      throw RenderBenchmarkError("frame lacks \"\(text)\"")
    }
  }

  // MARK: (b) key presses

  private static func keyPresses(_ controller: AppController) -> Bool {
    let down = median {
      controller.handle(.down)
      controller.handle(.up)
    }
    controller.handle(.backTab)
    controller.handle(.backTab)
    let policy = median { controller.handle(.character("v")) }
    let snapshot = median { _ = controller.state.runner.stage.snapshot() }
    let state = controller.state
    let subject = state.selectedParticipant?.id ?? ""
    let beliefs = median { _ = WhoSeesWhat(about: subject, in: state.snapshot) }
    print("render (b) key press with \(largeCount) participants, median of \(keyPresses):")
    BenchmarkHarness.report(
      "  ↓ then ↑ (who sees what, twice)", String(format: "%.2f ms", down), target: "≤ 50 ms",
      met: down <= 50)
    BenchmarkHarness.report(
      "  v on composition (action + refresh)", String(format: "%.2f ms", policy),
      target: "≤ 50 ms", met: policy <= 50)
    BenchmarkHarness.report(
      "    of which stage.snapshot()", String(format: "%.2f ms", snapshot), target: "—", met: true)
    BenchmarkHarness.report(
      "    of which who-sees-what rebuild", String(format: "%.2f ms", beliefs), target: "—",
      met: true)
    return down <= 50 && policy <= 50
  }

  /// Median milliseconds of `body` over `keyPresses` calls.
  private static func median(_ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<keyPresses { samples.append(BenchmarkHarness.nanoseconds(body) / 1e6) }
    return BenchmarkHarness.median(samples)
  }

  // MARK: (c) log memory

  private static func logMemory() -> Bool {
    let bound = MonitorOptions().logLines
    var log = LogBuffer(capacity: bound)
    let before = BenchmarkHarness.peakMemoryMiB()
    feed(&log, from: 0, to: 100_000)
    let early = BenchmarkHarness.peakMemoryMiB() - before
    feed(&log, from: 100_000, to: 1_000_000)
    let growth = BenchmarkHarness.peakMemoryMiB() - before
    let held = log.count
    let met = held <= bound && log.appended == 1_000_000 && growth <= early + 8
    print("render (c) event log, default bound \(bound) lines:")
    BenchmarkHarness.report(
      "  after 100,000 events (baseline)", String(format: "+%.1f MiB peak RSS", early),
      target: "—", met: true)
    BenchmarkHarness.report(
      "  after 1,000,000 events", String(format: "+%.1f MiB peak RSS", growth),
      target: "≤ baseline + 8", met: growth <= early + 8)
    BenchmarkHarness.report(
      "  lines held", "\(held) of \(log.appended) appended", target: "≤ \(bound)",
      met: held <= bound)
    return met
  }

  /// Appends events numbered `from..<to`, varied like a real stream.
  private static func feed(_ log: inout LogBuffer, from: Int, to: Int) {
    let kinds: [EventKind] = [.participantJoined, .subscribeStateChanged, .streamsAdded, .error]
    for number in from..<to {
      var event = StageEvent(
        source: .client, kind: kinds[number % kinds.count], observer: "viewer\(number % 9_973)",
        name: "onParticipantJoined", participant: "host", seq: number + 1,
        time: VirtualTime.defaultStart + Int64(number / 100))
      event.attributes = ["order": "\(number % 7)"]
      log.append(event)
    }
  }

  // MARK: generated stages

  /// A controller on a generated stage: `participants` joined (the first `publishers`
  /// publishing first, so every viewer subscribes to them), the host selected.
  static func controller(participants count: Int) throws -> AppController {
    let ios = try SDKProfile(parsing: "ios@1.37.0")
    let profiles = try ["ios@1.37.0", "android@1.36.0", "web@1.32.0", "web@1.33.0"].map {
      try SDKProfile(parsing: $0)
    }
    var participants: [ScenarioParticipant] = []
    for index in 0..<count {
      let publishes = index < publishers
      let spec = TokenMintSpec(
        capabilities: Capabilities(publish: publishes, subscribe: true),
        attributes: [(key: "order", value: "\(index)")], userId: "user\(index)",
        origin: publishes ? .keyPair : .createParticipantToken)
      participants.append(
        ScenarioParticipant(
          id: publishes ? "host\(index)" : "viewer\(index)",
          sdk: publishes ? ios : profiles[index % profiles.count], strategy: StrategySettings(),
          token: .mint(spec)))
    }
    let scenario = Scenario(
      composition: CompositionConfiguration(
        layout: .grid, featuredParticipantAttribute: "featured",
        participantOrderAttribute: "order", updates: .onReconnect),
      participants: participants, steps: participants.map { .join($0.id) })
    let setup = try MonitorSetup(scenario: scenario, file: "generated", prepared: [])
    while try setup.runner.step() != nil {}
    let theme = Theme.builtInDefault
    return AppController(
      setup: setup, themes: ThemeCatalog(themes: [theme]), theme: theme,
      options: MonitorOptions())
  }
}

/// A benchmark setup or sanity failure.
private struct RenderBenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
