import StageEngine

/// Time travel in the UI (`b`, `f`, `:restart`, `:goto N`): the runner puts the run back to an
/// earlier step, or forward again over steps it went back over (restoring a checkpoint and
/// replaying the steps after it, every signature checked again), and the screen follows — the
/// log keeps the lines up to that step plus the replayed ones (the verdicts' ✔ and ✘ lines made
/// again from the run's verdicts up to that step), and the snapshot and everything derived from
/// it are rebuilt from scratch. The lines of the steps gone back over are kept while they can
/// be redone.
extension AppController {
  /// Goes `delta` steps from where the run stands (`-1`: before the last step or action,
  /// `1`: redo the next step gone back over).
  func travel(by delta: Int) {
    let (target, overflow) = state.runner.history.count.addingReportingOverflow(delta)
    travel(to: overflow ? -1 : target)
  }

  /// `:goto STEP`: the step number as typed — back, forward over steps gone back over, then on
  /// through the script as `n` runs it.
  func travel(toStep text: String) {
    guard let step = Int(text) else {
      report("goto: \"\(text)\" is not a step number (0…\(state.runner.reachableStep))", .error)
      return
    }
    if step > lastStep, step <= state.runner.reachableStep, options.readOnlyReason == nil {
      runScript(to: step)
    } else {
      travel(to: step)
    }
  }

  /// Goes to the state after `step` steps of the session; outside the run, says the valid range.
  func travel(to step: Int) {
    if let reason = options.readOnlyReason {
      report("goto \(step): \(reason)", .warning)
      return
    }
    refresh()
    if state.runner.redoCount == 0 { state.undoneLog.removeAll() }
    let from = state.runner.history.count
    let shown = stage.nextEventSeq
    do {
      try state.runner.travel(to: step)
    } catch {
      report(
        "no step \(step): time travel goes to steps 0…\(lastStep), :goto to 0…\(state.runner.reachableStep) (now at \(from))",
        .error)
      return
    }
    rebuildAfterTravel(shownBefore: shown)
    narrateScriptPosition()
    let redo = state.runner.redoCount
    let steps = redo == 1 ? "1 later step" : "\(redo) later steps"
    let later = redo == 0 ? "" : "; \(steps) can be redone (:forward, :goto)"
    report("at step \(step) of the session (was \(from))\(later)")
  }

  /// `:goto N` past the steps gone back over: redoes them all, then runs the script's steps as
  /// `n` does until the session has `step` steps (or a step fails, which the status shows).
  private func runScript(to step: Int) {
    let from = state.runner.history.count
    if lastStep > from { travel(to: lastStep) }
    while state.runner.history.count < step, !state.runner.isFinished {
      nextStep()
      if state.narration?.kind == .error { return }
    }
    report("at step \(state.runner.history.count) of the session (was \(from)): ran the script")
  }

  /// The furthest step time travel can go to without running the script: the session's
  /// steps, redo included.
  private var lastStep: Int { state.runner.history.count + state.runner.redoCount }

  /// The log up to the travelled-to step (lines gone back over kept for redo), then a full
  /// snapshot and everything derived from it. `shownBefore` is the first `seq` the log lacked.
  func rebuildAfterTravel(shownBefore shown: Int) {
    let replayed = stage.drainEvents()
    // The refusal of the step travelled to, if it had one (its events follow its step event).
    let lastStep = replayed.lastIndex { $0.kind == .step } ?? replayed.startIndex
    state.refusal = replayed[lastStep...].last { $0.kind == .exchangeRejected }.flatMap(
      Refusal.init)
    let cutoff = replayed.first?.seq ?? stage.nextEventSeq
    let end = stage.nextEventSeq
    let held = state.log.entries + state.undoneLog.filter { ($0.event?.seq ?? 0) >= shown }
    state.undoneLog = held.filter { ($0.event?.seq ?? 0) >= end }
    // Recorded lines are made again for the moment travelled to, back or forward, as
    // stepping there releases them (so `/recorded` shows the same after `:goto` as after `n`,
    // and never records beyond the moment); the later ones come as the clock reaches them.
    let recorded = recordedLines?.replay(upTo: stage.clock.now, shownSeq: end - 1)
    let events =
      held.filter { entry in entry.event.map { $0.seq < cutoff } ?? false }
      + replayed.map(LogEntry.event)
    // The ✔ and ✘ lines are made again from the verdicts of the steps up to the one travelled
    // to, each where its step put it among the events: by step, as the run holds them.
    let verdicts = state.runner.expectationResults.map { ($0.seq, LogLine(verdict: $0)) }
    let kept = LogEntry.placing(verdicts, among: events)
    state.log = state.log.replacingEntries(with: LogEntry.merged(kept, recorded ?? []))
    followLog()
    state.snapshot = stage.snapshot()
    state.truthSlots = nil
    refresh()
    updateBeliefs()
  }
}

extension LogEntry {
  /// `events` (model events, in `seq` order) with each of `lines` (in `seq` order) placed
  /// before the first event whose `seq` is at least its own.
  static func placing(_ lines: [(seq: Int, line: LogLine)], among events: [LogEntry])
    -> [LogEntry]
  {
    guard !lines.isEmpty else { return events }
    var placed: [LogEntry] = []
    placed.reserveCapacity(events.count + lines.count)
    var next = lines.startIndex
    for entry in events {
      while next < lines.endIndex, let seq = entry.event?.seq, lines[next].seq <= seq {
        placed.append(.ready(lines[next].line))
        next += 1
      }
      placed.append(entry)
    }
    placed += lines[next...].map { .ready($0.line) }
    return placed
  }

  /// The second a line belongs to: its event's, or the ready line's.
  var second: Int64? { event?.time ?? line.readySecond }

  /// `entries` (in time order) with `recorded` lines (in time order) placed after every entry
  /// of their second, as releasing them while stepping places them.
  static func merged(_ entries: [LogEntry], _ recorded: [LogLine]) -> [LogEntry] {
    guard !recorded.isEmpty else { return entries }
    var merged: [LogEntry] = []
    merged.reserveCapacity(entries.count + recorded.count)
    var next = recorded.startIndex
    for entry in entries {
      while next < recorded.endIndex, let second = entry.second,
        let lineSecond = recorded[next].readySecond, lineSecond < second
      {
        merged.append(.ready(recorded[next]))
        next += 1
      }
      merged.append(entry)
    }
    merged += recorded[next...].map(LogEntry.ready)
    return merged
  }
}

extension LogBuffer {
  /// The entries still held, oldest first.
  var entries: [LogEntry] { (oldest..<appended).compactMap(entry) }

  /// A log holding `entries`, with the same filter and capacity.
  func replacingEntries(with entries: [LogEntry]) -> LogBuffer {
    var log = LogBuffer(capacity: capacity)
    for entry in entries { log.append(entry) }
    log.setFilter(filter)
    return log
  }
}
