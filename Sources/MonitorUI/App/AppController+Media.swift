import StageEngine

/// Mute, network drop and compositions from the keyboard and the `:` line. Each runs as a
/// scenario step (`ui:` in the stream), so the UI and scripts take the same path.
extension AppController {
  /// `m`: mutes audio+video of a publisher, or unmutes what is muted.
  func toggleMute(_ participant: ParticipantSnapshot) {
    let unmute = !participant.muted.isEmpty
    setMuted(participant.id, !unmute, streams: unmute ? participant.muted : .audioVideo)
  }

  /// Mutes (`muted`) or unmutes `streams` of `id`.
  func setMuted(_ id: String, _ muted: Bool, streams: MediaStreams) {
    let names = streams.names.joined(separator: "+")
    let step: ScenarioStep.MediaStep = muted ? .mute(id, streams) : .unmute(id, streams)
    run(.media(step), success: "\(id): \(names) \(muted ? "muted" : "unmuted")")
  }

  /// `D`: the participant's network drops and its SDK reconnects with the current token.
  func networkDrop(_ participant: ParticipantSnapshot) {
    run(
      .media(.networkDrop(participant.id)),
      success: "\(participant.id): network dropped, the SDK reconnected with its current token")
  }

  /// `+`: starts another composition: the shown one's settings with the other update policy,
  /// under the first free ID `composition-2` … (or defaults without one).
  func startAnotherComposition() {
    var configuration = state.shownComposition?.configuration ?? CompositionConfiguration()
    let shownUpdates =
      state.shownComposition?.updates.outcome
      ?? state.snapshot.rules.decide(
        .compositionUpdates
      ).outcome
    configuration.updates = shownUpdates == .live ? .onReconnect : .live
    let taken = Set(state.snapshot.compositions.map(\.id))
    let id =
      (2...(Stage.compositionLimit + 1)).lazy.map { "composition-\($0)" }
      .first { !taken.contains($0) } ?? "composition-\(Stage.compositionLimit + 1)"
    startComposition(id, configuration)
  }

  /// Starts composition `id`, then shows it.
  func startComposition(_ id: String, _ configuration: CompositionConfiguration) {
    guard run(.composition(.start(id, configuration)), success: "composition \(id) started")
    else { return }
    if let index = state.snapshot.compositions.firstIndex(where: { $0.id == id }) {
      showComposition(index)
    }
  }

  /// `-`: stops the shown composition.
  func stopShownComposition() {
    guard let shown = state.shownComposition else {
      report("no composition runs", .error)
      return
    }
    stopComposition(shown.id)
  }

  /// Stops composition `id`.
  func stopComposition(_ id: String) {
    run(.composition(.stop(id)), success: "composition \(id) stopped")
  }

  /// Shows composition `index` in the composition pane.
  func showComposition(_ index: Int) {
    let count = state.snapshot.compositions.count
    guard count > 0 else { return }
    state.selectedComposition = min(max(0, index), count - 1)
    state.truthSlots = CompositionTruth.slots(for: state.shownComposition, in: state.snapshot)
  }

  /// `:mute ID [audio|video]`, `:unmute ID [audio|video]`.
  func muteCommand(_ id: String, muted: Bool, _ arguments: [String]) {
    var streams: MediaStreams = []
    for word in arguments {
      switch word {
      case "audio": streams.insert(.audio)
      case "video": streams.insert(.video)
      default:
        report("streams are audio and/or video, not \(word)", .error)
        return
      }
    }
    setMuted(id, muted, streams: streams.isEmpty ? .audioVideo : streams)
  }

  /// `:start-composition ID [grid|pip] [live|on-reconnect]`.
  func startCompositionCommand(_ arguments: [String]) {
    guard let id = arguments.first else {
      report("usage: :start-composition ID [grid|pip] [live|on-reconnect]", .error)
      return
    }
    var configuration = CompositionConfiguration()
    for word in arguments.dropFirst() {
      if let layout = CompositionConfiguration.Layout(rawValue: word) {
        configuration.layout = layout
      } else if let policy = CompositionConfiguration.UpdatePolicy(rawValue: word) {
        configuration.updates = policy
      } else {
        report("expected grid, pip, live or on-reconnect, not \(word)", .error)
        return
      }
    }
    startComposition(id, configuration)
  }
}
