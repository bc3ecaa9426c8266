import MonitorUI
import StageEngine
import Testing

/// The player as a pure state machine, driven by a fake wall clock.
@Suite struct AutoplayTests {
  private static let step = Autoplay.Upcoming.step(advance: nil)

  /// A playing player whose last step ran at `at` having shown `reading`.
  private static func playing(speed: Double = 1, after reading: String = "", at: Duration = .zero)
    -> Autoplay
  {
    var player = Autoplay(speed: speed)
    _ = player.tick(at: at, upcoming: step)
    player.toggle()
    _ = player.tick(at: at, upcoming: step)
    player.stepDidRun(reading: reading)
    return player
  }

  @Test func pausedPlayerNeverRunsASteps() {
    var player = Autoplay(speed: 1)
    #expect(player.tick(at: .seconds(100), upcoming: Self.step) == .wait)
    #expect(!player.isPlaying)
  }

  @Test func startingRunsTheNextStepAtTheNextTick() {
    var player = Autoplay(speed: 1)
    player.toggle()
    #expect(player.isPlaying)
    #expect(player.tick(at: .milliseconds(1), upcoming: Self.step) == .runStep)
  }

  @Test(arguments: [
    // (characters read, speed, lingering)
    (0, 1.0, Duration.seconds(1)),
    (50, 1, .seconds(4)),
    (50, 2, .seconds(2)),
    (100, 1, .seconds(7)),
    (100, 20, .milliseconds(350)),
    (5000, 1, .milliseconds(11_980)),
  ])
  func lingersToReadNarrationScaledBySpeed(characters: Int, speed: Double, linger: Duration) {
    var player = Self.playing(speed: speed, after: String(repeating: "a", count: characters))
    #expect(player.tick(at: linger - .milliseconds(1), upcoming: Self.step) == .wait)
    #expect(player.tick(at: linger, upcoming: Self.step) == .runStep)
  }

  @Test func stopsAtAQuestionTheScriptDoesNotAnswer() {
    var player = Self.playing()
    #expect(player.tick(at: .seconds(2), upcoming: .question) == .stoppedAtQuestion)
    #expect(!player.isPlaying)
    #expect(player.tick(at: .seconds(3), upcoming: Self.step) == .wait)
    player.toggle()
    #expect(player.tick(at: .seconds(4), upcoming: Self.step) == .runStep)
  }

  @Test func stopsAtTheEnd() {
    var player = Self.playing()
    #expect(player.tick(at: .seconds(2), upcoming: .finished) == .stoppedAtEnd)
    #expect(!player.isPlaying)
  }

  @Test func pauseKeyStopsAndResumes() {
    var player = Self.playing()
    player.toggle()
    #expect(!player.isPlaying)
    #expect(player.tick(at: .seconds(30), upcoming: Self.step) == .wait)
    player.toggle()
    #expect(player.tick(at: .seconds(30), upcoming: Self.step) == .runStep)
  }

  @Test(arguments: [
    // (advance, speed, play time)
    ("13h", 1.0, Duration.milliseconds(3250)),
    ("13h", 2, .milliseconds(1625)),
    ("1m", 1, .milliseconds(500)),
    ("7d", 1, .seconds(4)),
    ("7d", 20, .milliseconds(200)),
  ])
  func advanceMovesTheClockThenRuns(text: String, speed: Double, playTime: Duration) throws {
    let duration = try VirtualDuration(parsing: text)
    var player = Self.playing(speed: speed)
    let start = Duration.seconds(1) / speed
    let upcoming = Autoplay.Upcoming.step(advance: duration)
    #expect(player.tick(at: start, upcoming: upcoming) == .showClock(fraction: 0))
    #expect(
      player.tick(at: start + playTime / 2, upcoming: upcoming) == .showClock(fraction: 0.5))
    #expect(player.tick(at: start + playTime, upcoming: upcoming) == .runStep)
  }

  private static let previews: [(Double, Int64)] = [
    (0, 1000), (0.5, 24_400), (1, 47_800), (7, 47_800),
  ]

  @Test(arguments: previews)
  func clockPreviewInterpolates(fraction: Double, shown: Int64) throws {
    let duration = try VirtualDuration(parsing: "13h")
    #expect(Autoplay.clock(from: 1000, advancing: duration, fraction: fraction) == shown)
  }

  @Test func clockPreviewNeverOverflows() {
    let huge = VirtualDuration(seconds: .max)
    #expect(Autoplay.clock(from: .max - 5, advancing: huge, fraction: 1) == .max - 5)
  }

  private static let speeds: [(Double, String)] = [
    (2, "2"), (0.5, "0.5"), (0, "1"), (-3, "1"), (.infinity, "1"), (5000, "1000"),
  ]

  @Test(arguments: speeds)
  func speedIsPositiveAndBounded(speed: Double, shown: String) {
    #expect(Autoplay(speed: speed).speedText == shown)
  }
}
