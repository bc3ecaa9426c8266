import StageEngine

/// Plays a scenario's script by itself for demos. A pure state machine: the caller hands it the
/// wall time of each tick (the monitor loop reads the real clock, tests a fake one) and what
/// comes next in the script, and it answers what to do now. The model never sees the wall
/// clock — the player only decides *when* the next scripted step runs.
///
/// Timing (all divided by `speed`): after a step the player lingers long enough to read the
/// status line (`linger(reading:)`); an `advance` step first shows the header clock moving for
/// `playTime(of:)`, then runs.
public struct Autoplay: Equatable, Sendable {
  /// What the player is doing.
  public enum Phase: Equatable, Sendable {
    /// Not playing (paused, stopped at a question or at the end).
    case paused
    /// Playing: the next step runs once the wall clock reaches `until`.
    case waiting(until: Duration)
    /// Playing an `advance` step: the header clock moves from `start` to `end`, then it runs.
    case advancing(start: Duration, end: Duration)
  }

  /// What the script offers next, as the player needs to know it.
  public enum Upcoming: Equatable, Sendable {
    /// Every step has run.
    case finished
    /// A strategy question waits and the next step does not answer it.
    case question
    /// A step; `advance` is its clock move when it is an `advance` step.
    case step(advance: VirtualDuration?)
  }

  /// What the caller should do after a tick.
  public enum Decision: Equatable, Sendable {
    /// Nothing to do (paused, or still lingering).
    case wait
    /// Run the next scripted step now, then call `stepDidRun`.
    case runStep
    /// Show the clock this far (0…1) into the `advance` step about to run.
    case showClock(fraction: Double)
    /// Playing stopped: a question waits for the person to answer.
    case stoppedAtQuestion
    /// Playing stopped: the script is finished.
    case stoppedAtEnd
  }

  /// How many times faster than normal it plays (> 0).
  public let speed: Double
  /// What it is doing now.
  public private(set) var phase: Phase = .paused
  /// The wall time of the last tick (a key toggles playing at it).
  public private(set) var now: Duration = .zero

  /// The fastest speed: beyond it every pause is shorter than a frame anyway.
  public static let maximumSpeed = 1000.0

  /// The slowest speed: a hundred times slower already lingers 20 minutes on a long step, and a
  /// pause divided by a tinier speed would not fit in a `Duration` (`--play 1e-20` trapped).
  public static let minimumSpeed = 0.01

  /// Creates a paused player; `speed` must be finite and in `minimumSpeed…maximumSpeed` (the CLI
  /// checks it; anything else non-positive plays at 1, the rest is clamped).
  public init(speed: Double) {
    self.speed =
      speed.isFinite && speed > 0 ? min(max(speed, Self.minimumSpeed), Self.maximumSpeed) : 1
  }

  /// The speed as the header shows it: "2", "0.5".
  public var speedText: String {
    speed.rounded() == speed ? String(Int(speed)) : String(speed)
  }

  /// Whether it is playing.
  public var isPlaying: Bool { phase != .paused }

  /// Starts playing (the next step runs at the first tick after the last one plus `delay`
  /// scaled by speed), or pauses when playing.
  public mutating func toggle(delay: Duration = .zero) {
    phase = isPlaying ? .paused : .waiting(until: now + delay / speed)
  }

  /// Stops playing (e.g. a step failed).
  public mutating func pause() { phase = .paused }

  /// A step ran at the last tick; the player lingers to let `reading` (what the screen says about the
  /// step) be read. Ignored while paused (the person pressed the step key themselves).
  public mutating func stepDidRun(reading: String) {
    guard isPlaying else { return }
    phase = .waiting(until: now + Self.linger(reading: reading) / speed)
  }

  /// Decides what to do at wall time `now`, given what comes next in the script.
  public mutating func tick(at now: Duration, upcoming: Upcoming) -> Decision {
    self.now = max(self.now, now)
    switch phase {
    case .paused:
      return .wait
    case .waiting(let until):
      guard now >= until else { return .wait }
      switch upcoming {
      case .finished:
        phase = .paused
        return .stoppedAtEnd
      case .question:
        phase = .paused
        return .stoppedAtQuestion
      case .step(nil):
        return .runStep
      case .step(let duration?):
        phase = .advancing(start: now, end: now + Self.playTime(of: duration) / speed)
        return .showClock(fraction: 0)
      }
    case .advancing(let start, let end):
      guard now < end else { return .runStep }
      return .showClock(fraction: (now - start) / (end - start))
    }
  }
}

extension Autoplay {
  /// Lingering after a step at speed 1: one second plus 60 ms per character (about 200 words a
  /// minute), at most 12 seconds.
  public static func linger(reading text: String) -> Duration {
    let characters = min(text.count, 183)
    return .seconds(1) + .milliseconds(60) * characters
  }

  /// How long an `advance` step plays at speed 1: a quarter second per virtual hour, at least
  /// half a second and at most four (`advance 13h` takes 3.25 s; `advance 7d` takes 4 s).
  public static func playTime(of duration: VirtualDuration) -> Duration {
    let hours = Double(max(0, duration.seconds)) / 3600
    let seconds = min(4, max(0.5, hours / 4))
    return .milliseconds(Int64(seconds * 1000))
  }

  /// The clock `fraction` (0…1) of the way through advancing `duration` from `start`.
  public static func clock(from start: Int64, advancing duration: VirtualDuration, fraction: Double)
    -> Int64
  {
    let part = (Double(duration.seconds) * min(1, max(0, fraction))).rounded(.down)
    guard let seconds = Int64(exactly: part) else { return start }
    let (sum, overflow) = start.addingReportingOverflow(seconds)
    return overflow ? start : sum
  }
}
