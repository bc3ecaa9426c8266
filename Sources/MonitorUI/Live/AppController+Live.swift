import IVSRecords
import StageEngine

extension AppController {
  /// `attach`: shows the live session's facts in the header (its age changes every second,
  /// so the command sets them on each tick).
  public func showLive(_ header: LiveHeader) {
    state.live = header
  }

  /// `attach`: runs every step the records still hold, one at a time with the log drained
  /// after each (so recorded events sit below their model counterparts), until the model
  /// stands where the stage is now. The records' steps, not the user's: read-only does not
  /// refuse them. A step the model cannot take is reported and skipped.
  public func followRecords() {
    let runner = state.runner
    while !runner.isFinished {
      do {
        try runner.step()
      } catch {
        report(error.description, .warning)
      }
      refresh()
    }
    state.script = ScriptProgress(steps: runner.scenario.steps, done: runner.nextStepIndex)
  }

  /// `attach`, when a poll brought what follows on (`LiveImport.append`): puts the model
  /// back to `rewind` steps of the session first when an event came late (time travel: the
  /// nearest checkpoint and the steps after it), registers the participants that joined, runs
  /// the steps on the running model and adds the events to the log (in time order), so
  /// selection, focus, zoom and the log's place stay as they are and the work is that of the
  /// new records alone. The records' steps, not the user's: read-only does not refuse them.
  /// False, changing nothing, when the model cannot go back to `rewind`.
  @discardableResult
  public func follow(
    _ addition: LiveImport.Addition, recorded: [RecordedEvent], rewind: Int? = nil
  ) -> Bool {
    if let rewind {
      refresh()
      let shown = stage.nextEventSeq
      do {
        try state.runner.travel(to: rewind)
      } catch {
        return false
      }
      rebuildAfterTravel(shownBefore: shown)
      state.undoneLog.removeAll()
    }
    recordedLines?.append(recorded)
    state.sdkGuesses.sources.merge(addition.guessedSDKs) { _, new in new }
    for participant in addition.participants {
      do {
        try state.runner.register(participant)
      } catch {
        report(error.description, .warning)
      }
    }
    for step in addition.steps {
      do {
        try state.runner.perform(step, origin: "records")
      } catch {
        report(error.description, .warning)
      }
      refresh()
    }
    if addition.steps.isEmpty { refresh() }
    return true
  }

  /// `attach`, when newer records replaced the model: takes over what the person at the
  /// keyboard set on `previous` — the selected participant (by ID), focus, zoom, overlay,
  /// input, theme, status, narration, the log's filter, selection and scroll — so a poll never moves
  /// their view. The log's older lines keep their numbers (the records before are the same),
  /// so a pinned line stays pinned, and a log scrolled up stays on the same lines.
  public func keepView(of previous: AppController) {
    let old = previous.state
    state.focus = old.focus
    state.screenMode = old.screenMode
    state.overlay = old.overlay
    state.input = old.input
    state.theme = old.theme
    state.status = old.status
    state.narration = old.narration
    state.live = old.live
    state.detailScroll = old.detailScroll
    state.selectedComposition = min(
      old.selectedComposition, max(0, state.snapshot.compositions.count - 1))
    if let id = old.selectedParticipant?.id,
      let index = state.snapshot.participants.firstIndex(where: { $0.id == id })
    {
      state.selected = index
    }
    if !old.log.filter.isEmpty { state.log.setFilter(old.log.filter) }
    state.logSelected = old.logSelected.flatMap { sameLine(as: $0, in: old.log) }
    if let pinned = old.logSelected, let before = old.log.offsetFromEnd(ofFirstAtOrAfter: pinned),
      let now = state.logSelected, let after = state.log.offsetFromEnd(ofFirstAtOrAfter: now)
    {
      state.logScroll = max(0, old.logScroll + after - before)
    } else if old.logScroll > 0 {
      let added = max(0, state.log.visibleCount - old.log.visibleCount)
      state.logScroll = min(max(0, state.log.visibleCount - 1), old.logScroll + added)
    }
    updateBeliefs()
    state.truthSlots = CompositionTruth.slots(for: state.shownComposition, in: state.snapshot)
    keepLogSelectionInView()
  }

  /// The number of the line in this log that is line `number` of `log` (same source, name
  /// and subject): the same number when the records before it did not change, else the first
  /// such line (an event that arrived late moved it); nil when it is gone.
  private func sameLine(as number: Int, in log: LogBuffer) -> Int? {
    guard let line = log.line(number) else { return nil }
    func matches(_ other: LogLine?) -> Bool {
      other.map { $0.source == line.source && $0.name == line.name && $0.subject == line.subject }
        ?? false
    }
    if matches(state.log.line(number)) { return number }
    return (state.log.oldest..<state.log.appended).first { matches(state.log.line($0)) }
  }
}
