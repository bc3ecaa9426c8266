import StageEngine

/// Autoplay in the controller: the play key and `--play` start the player, and the monitor
/// loop's ticks (with the wall time) let it run scripted steps. Steps run through `nextStep`,
/// exactly as the `n` key runs them, so a played session records and replays the same.
extension AppController {
  /// Starts playing at `speed` after a pause to read the opening status line; with no scripted
  /// steps it says so instead.
  func startPlaying(speed: Double) {
    var player = Autoplay(speed: speed)
    state.autoplay = player
    guard state.script.total > 0 else {
      report("nothing to play: this scenario has no scripted steps", .warning)
      return
    }
    player.toggle(delay: Autoplay.linger(reading: state.narration?.text ?? ""))
    state.autoplay = player
  }

  /// The play key: starts (at speed 1 the first time) or pauses playing.
  func togglePlay() {
    guard var player = state.autoplay else {
      startPlaying(speed: 1)
      if state.autoplay?.isPlaying == true { report("playing the script") }
      return
    }
    guard state.script.total > 0 else {
      report("nothing to play: this scenario has no scripted steps", .warning)
      return
    }
    player.toggle()
    state.autoplay = player
    state.clockPreview = nil
    report(player.isPlaying ? "playing the script" : "playing paused (\(playKey) resumes)")
  }

  /// Whether the player is playing (the loop then ticks often).
  public var isPlaying: Bool { state.autoplay?.isPlaying ?? false }

  /// Lets the player act at wall time `now` (time since the loop started; tests pass a fake).
  public func playTick(at now: Duration) {
    guard var player = state.autoplay else { return }
    let decision = player.tick(at: now, upcoming: upcoming)
    state.autoplay = player
    switch decision {
    case .wait: return
    case .runStep: playStep()
    case .showClock(let fraction):
      guard case .advance(let duration)? = state.script.nextStep else { return }
      state.clockPreview = Autoplay.clock(
        from: state.snapshot.time, advancing: duration, fraction: fraction)
    case .stoppedAtQuestion:
      let who = state.pendingQuestion.map { "\($0.participant) asks \($0.name)" } ?? "a question"
      report("playing paused: \(who) — answer with y or n, then \(playKey) plays on", .warning)
    case .stoppedAtEnd:
      report("playing finished: all \(state.script.total) steps ran", .success)
    }
  }

  private func playStep() {
    state.clockPreview = nil
    nextStep()
    guard var player = state.autoplay else { return }
    if let narration = state.narration, narration.kind == .error {
      player.pause()
      report("playing stopped at an error (the narration says it)", .error)
    } else {
      player.stepDidRun(reading: state.narration?.text ?? "")
    }
    state.autoplay = player
  }

  /// What the script offers the player next.
  private var upcoming: Autoplay.Upcoming {
    guard let next = state.script.nextStep else { return .finished }
    if state.pendingQuestion != nil, !state.scriptAnswersPendingQuestion { return .question }
    if case .advance(let duration) = next { return .step(advance: duration) }
    return .step(advance: nil)
  }

  /// The play key's name as the keymap has it now (keys.conf may rebind it).
  private var playKey: String {
    state.keymap.bindings.first { $0.action == .togglePlay }?.keys.first?.label ?? ":play"
  }
}
