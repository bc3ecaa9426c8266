import StageEngine

/// Time travel in the UI (`b`, `:restart`, `:goto N`): the runner puts the run back to an
/// earlier step (restoring a checkpoint and replaying the steps after it, every signature checked
/// again), and the screen follows — the log keeps only the lines up to that step plus the
/// replayed ones, and the snapshot and everything derived from it are rebuilt from scratch.
/// The steps after the target are dropped at once.
extension AppController {
  /// Goes `delta` steps from where the run stands (`-1`: before the last step or action).
  func travel(by delta: Int) {
    let (target, overflow) = state.runner.history.count.addingReportingOverflow(delta)
    travel(to: overflow ? -1 : target)
  }

  /// `:goto STEP`: the step number as typed.
  func travel(toStep text: String) {
    guard let step = Int(text) else {
      report("goto: \"\(text)\" is not a step number (0…\(state.runner.history.count))", .error)
      return
    }
    travel(to: step)
  }

  /// Goes to the state after `step` steps of the session; outside the run, says the valid range.
  func travel(to step: Int) {
    refresh()
    let from = state.runner.history.count
    do {
      try state.runner.travel(to: step)
    } catch {
      report(
        "no step \(step): time travel goes to steps 0…\(from) (now at \(from))", .error)
      return
    }
    rebuildAfterTravel()
    report("at step \(step) of the session (was \(from)); later steps are dropped")
  }

  /// The log up to the travelled-to step, then a full snapshot and everything derived from it.
  private func rebuildAfterTravel() {
    let replayed = stage.drainEvents()
    let cutoff = replayed.first?.seq ?? stage.nextEventSeq
    state.log = state.log.keeping { $0.event.map { $0.seq < cutoff } ?? true }
    for event in replayed { state.log.append(event) }
    followLog()
    state.snapshot = stage.snapshot()
    state.truthSlots = nil
    refresh()
    updateBeliefs()
  }
}

extension LogBuffer {
  /// A log with the lines (still held) that satisfy `isKept`, with the same filter and capacity.
  func keeping(_ isKept: (LogEntry) -> Bool) -> LogBuffer {
    var kept = LogBuffer(capacity: capacity)
    for number in oldest..<appended {
      if let entry = entry(number), isKept(entry) { kept.append(entry) }
    }
    kept.setFilter(filter)
    return kept
  }
}
