import IVSRecords
import StageEngine

extension AppController {
  /// `attach`: shows the live session's facts in the header (its age changes every second,
  /// so the loop sets them on each tick). A new problem of the poller goes to the status line
  /// once, as a warning; when it clears, the status line says the session is read-only again.
  public func showLive(_ header: LiveHeader) {
    let before = state.live
    state.live = header
    guard before?.problem != header.problem || before == nil else { return }
    if header.problem != nil || state.status?.kind == .warning || before == nil {
      report(header.statusText, header.problem == nil ? .info : .warning)
    }
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
    state.script = ScriptProgress(runner)
  }

  /// Handles one poll's update, as `handle(_ event:)` does a key: what follows on runs on the
  /// running model; a session imported again replaces the model in place, keeping the view
  /// (selection, focus, zoom, overlay, input, the log's filter, selection and place); records
  /// that no longer import leave the model as it is and say why.
  public func handle(_ update: LiveUpdate) {
    defer { keepLogSelectionInView() }
    switch update {
    case .follow(let addition, let recorded):
      needsWholeImport = !follow(addition, recorded: recorded)
    case .reimport(let session):
      needsWholeImport = false
      do {
        replaceModel(with: try MonitorSetup.live(session, name: state.runner.file))
      } catch {
        report("\(error)", .warning)
      }
    case .unusable(let reason):
      needsWholeImport = false
      report(reason, .warning)
    }
  }

  /// Puts the model back to the start of poll `addition.rewind` first when an event came late
  /// (time travel: the nearest checkpoint and the steps after it), registers the participants
  /// that joined, declares again those the participant list alone had described, runs the steps on the running model and adds the events to the log (in time
  /// order), so the view stays as it is and the work is that of the new records alone. The
  /// records' steps, not the user's: read-only does not refuse them. False, changing nothing,
  /// when the model cannot go back there (then the session is imported whole).
  @discardableResult
  public func follow(_ addition: LiveImport.Addition, recorded: [RecordedEvent]) -> Bool {
    if let poll = addition.rewind {
      guard let rewind = pollStarts[poll] else { return false }
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
    pollStarts[addition.poll] = state.runner.history.count
    pollStarts[addition.poll - LiveImport.markLimit] = nil
    recordedLines?.append(recorded)
    state.sdkGuesses.sources.merge(addition.guessedSDKs) { _, new in new }
    for event in recorded where !event.viaEventBridge {
      state.unreadEvents.remove(event.participantId)
    }
    for participant in addition.participants {
      do {
        try state.runner.register(participant)
      } catch {
        report(error.description, .warning)
      }
    }
    for participant in addition.redeclared {
      do {
        try state.runner.redeclare(participant)
        state.sdkGuesses.sources[participant.id] = addition.guessedSDKs[participant.id]
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

  /// The model of `setup` in place of the running one, its records' steps run; what the
  /// person at the keyboard set stays: the selected participant (by ID), the composition, the
  /// log's filter, selection and scroll. The log's older lines keep their numbers (the records
  /// before are the same), so a pinned line stays pinned, and a log scrolled up stays on the
  /// same lines.
  private func replaceModel(with setup: MonitorSetup) {
    let old = state
    setup.runner.keepsCheckpoints = true
    state.runner = setup.runner
    forge = TokenForge(runner: setup.runner)
    prepared = setup.prepared
    pollStarts = [:]
    state.snapshot = setup.runner.stage.snapshot()
    state.log = LogBuffer(capacity: old.log.capacity)
    state.undoneLog = []
    state.logSelected = nil
    state.logScroll = 0
    state.importNotes = setup.importNotes
    state.sdkGuesses = setup.sdkGuesses
    state.unreadEvents = setup.unreadEvents
    recordedLines = setup.recorded
    alignment = nil
    refresh()
    followRecords()
    if let id = old.selectedParticipant?.id,
      let index = state.snapshot.participants.firstIndex(where: { $0.id == id })
    {
      state.selected = index
    }
    state.selectedComposition = min(
      old.selectedComposition, max(0, state.snapshot.compositions.count - 1))
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
