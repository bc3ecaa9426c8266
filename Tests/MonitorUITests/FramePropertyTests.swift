import Foundation
import IVSRecords
import Seeded
import StageEngine
import TerminalKit
import Testing

@testable import MonitorUI

/// A frame is a pure function of the state: after any sequence of actions, the frame the loop
/// draws into the grid it keeps from frame to frame — and what the terminal shows after the
/// backend wrote only the cells that changed — equals the same state drawn afresh into a new
/// grid. Random seeded sequences of every action (`Action.allCases`), typed keys, resizes and
/// idle and autoplay ticks, on each kind of monitor: the demo, the demo presenting, the demo
/// playing, an imported scenario with records, and an attached (read-only) stage.
///
/// A failure names the monitor, the seed and the move; `STAGEMON_FRAME_SEEDS=N` runs N seeds
/// per monitor instead of the fixed few (a longer search, outside CI).
@Suite struct FramePropertyTests {
  /// The kinds of monitor the sequences run on.
  enum Monitor: String, CaseIterable, CustomTestStringConvertible {
    case demo, presenting, playing, records, attach
    var testDescription: String { rawValue }
  }

  /// One thing the person at the keyboard, the terminal or the clock does between two frames.
  enum Move: CustomStringConvertible {
    case action(Action)
    case key(Key)
    case resize(TerminalSize)
    case idleTick
    case playTick

    var description: String {
      switch self {
      case .action(let action): "action \(action.rawValue)"
      case .key(let key): "key \(key.label)"
      case .resize(let size): "resize \(size.width)×\(size.height)"
      case .idleTick: "idle tick"
      case .playTick: "play tick"
      }
    }
  }

  /// Sizes the terminal takes: the first-class ones, a wide one, and one too small for panes.
  static let sizes = [
    TerminalSize(width: 80, height: 24), TerminalSize(width: 100, height: 30),
    TerminalSize(width: 120, height: 40), TerminalSize(width: 200, height: 60),
    TerminalSize(width: 300, height: 80), TerminalSize(width: 30, height: 10),
  ]

  /// Keys typed into input lines (filter, command line, deck values) and answered questions.
  static let typed: [Key] =
    "gues tpy1:".map { Key.character($0) } + [.enter, .backspace, .escape, .tab]

  static let movesPerSeed = 40

  /// The seeds run: a fixed few in CI, or `STAGEMON_FRAME_SEEDS` of them.
  static var seeds: [UInt64] {
    let asked = ProcessInfo.processInfo.environment["STAGEMON_FRAME_SEEDS"].flatMap { Int($0) }
    return (0..<UInt64(max(1, min(asked ?? 2, 100_000)))).map { $0 &* 0x9E37 &+ 34 }
  }

  @Test(arguments: Monitor.allCases)
  func everyFrameEqualsAFreshRenderOfItsState(monitor: Monitor) throws {
    let folder = NSTemporaryDirectory() + "stagemon-frames-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var compared = 0
    for seed in Self.seeds {
      compared += try Self.check(monitor, seed: seed, saveDirectory: folder)
    }
    #expect(compared == Self.seeds.count * (Self.movesPerSeed + 1))
  }

  /// Runs one seeded sequence on `monitor`; returns the frames compared.
  static func check(_ monitor: Monitor, seed: UInt64, saveDirectory: String) throws -> Int {
    var random = SeededRandom(seed: seed)
    let controller = try Self.controller(monitor, saveDirectory: saveDirectory)
    let backend = MemoryBackend(width: 120, height: 40)
    let loop = MonitorLoop(controller: controller, backend: backend)
    var clock = Duration.zero
    var compared = 0
    loop.drawFrame()
    compared += Self.compare(backend, controller, "\(monitor) seed \(seed) first frame") ? 1 : 0
    for index in 0..<movesPerSeed {
      let move = Self.move(&random)
      switch move {
      case .action(let action): controller.perform(action)
      case .key(let key): controller.handle(key)
      case .resize(let size): backend.resize(width: size.width, height: size.height)
      case .idleTick: controller.tick()
      case .playTick:
        clock += .milliseconds(Int64(random.next() % 4_000))
        controller.playTick(at: clock)
      }
      loop.drawFrame()
      let context = "\(monitor) seed \(seed) move \(index + 1) (\(move))"
      compared += Self.compare(backend, controller, context) ? 1 : 0
    }
    return compared
  }

  /// Whether the screen the backend shows equals `controller`'s state drawn into a new grid;
  /// records an issue naming `context` and the first differing row when not.
  static func compare(_ backend: MemoryBackend, _ controller: AppController, _ context: String)
    -> Bool
  {
    let screen = backend.screen
    var fresh = CellGrid(width: screen.width, height: screen.height, glyphs: screen.glyphs)
    Screen.render(controller.state, into: &fresh)
    guard screen != fresh else { return true }
    let trimmed = (
      screen.text(trimmingTrailingSpaces: true), fresh.text(trimmingTrailingSpaces: true)
    )
    let rows = zip(trimmed.0, trimmed.1).enumerated()
    let row = rows.first { $0.element.0 != $0.element.1 }
    let what =
      row.map { "row \($0.offset): \"\($0.element.0)\" instead of \"\($0.element.1)\"" }
      ?? "the same text in other styles"
    Issue.record("\(context): \(what)")
    return false
  }

  /// A move: mostly actions (every one of `Action.allCases` can come), some typed keys, resizes
  /// and ticks.
  static func move(_ random: inout SeededRandom) -> Move {
    let roll = random.next() % 100
    switch roll {
    case 0..<70: return .action(Action.allCases[Int(random.next() % UInt64(Action.allCases.count))])
    case 70..<82: return .key(typed[Int(random.next() % UInt64(typed.count))])
    case 82..<90: return .resize(sizes[Int(random.next() % UInt64(sizes.count))])
    case 90..<95: return .idleTick
    default: return .playTick
    }
  }

  /// A controller for `monitor`, saving what it saves into `saveDirectory`.
  static func controller(_ monitor: Monitor, saveDirectory: String) throws -> AppController {
    var options = MonitorOptions(saveDirectory: saveDirectory)
    let setup: MonitorSetup
    switch monitor {
    case .demo, .presenting, .playing:
      setup = try MonitorSetup.demo()
      options.present = monitor == .presenting
      options.playSpeed = monitor == .playing ? 8 : nil
    case .records:
      let path = saveDirectory + "/recorded.json"
      try RecordedLogTests.scenario.write(toFile: path, atomically: true, encoding: .utf8)
      setup = try MonitorSetup.file(path)
    case .attach:
      options.readOnlyReason = "read-only: a real stage"
      setup = try MonitorSetup.live(
        LiveMonitorTests.records(), name: "live", imports: ImportOptions())
    }
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(themes: [Fixture.theme, Fixture.lightTheme]),
      theme: Fixture.theme, options: options)
    switch monitor {
    case .records: controller.waitForAlignment()
    case .attach:
      controller.followRecords()
      controller.showLive(
        LiveHeader(stageName: "qa", sessionId: "st-1", dataAge: 2, rate: 1, throttled: 0))
    default: break
    }
    return controller
  }
}
