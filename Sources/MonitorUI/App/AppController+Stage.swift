import StageEngine

/// Actions on the stage model. Steps go through `ScenarioRunner.perform` — the scripted
/// path — so the runner records a `ui` step event first and keeps its token map true.
extension AppController {
  /// Runs a live step; returns whether the stage took it (else a status message says why).
  /// Read-only (`attach`), every step is refused with the reason: keys, `:` commands, the
  /// deck's Enter and clicks all end here, so none of them can act on a watched stage.
  /// SDK and service failures it caused become the status message; `inspectFailure` sees each
  /// failure it caused (`EventKind.isFailure`).
  @discardableResult
  func run(
    _ step: ScenarioStep, success: String,
    inspectingFailures inspectFailure: (StageEvent) -> Void = { _ in }
  ) -> Bool {
    if let reason = options.readOnlyReason {
      report("\(step.summary): \(reason)", .warning)
      return false
    }
    do {
      try state.runner.perform(step, origin: "ui:")
    } catch {
      refresh()
      report("\(step.participant.map { "\($0): " } ?? "")\(error.message)", .error)
      return false
    }
    var failure: StageEvent?
    refresh { event in
      if failure == nil, event.observer == step.participant || event.participant == step.participant
      {
        failure = event
      }
      inspectFailure(event)
    }
    if let failure {
      let code = failure.code.map { "(\($0)\(failure.errorCode.map { " \($0)" } ?? "")) " } ?? ""
      report(
        "\(step.participant ?? "") \(failure.kind.rawValue): \(code)\(failure.message ?? "")",
        .error)
    } else {
      report(success, .success)
    }
    return true
  }

  func togglePublish(_ participant: ParticipantSnapshot) {
    if participant.publish == .notPublished {
      publish(participant.id)
    } else {
      unpublish(participant.id)
    }
  }

  func publish(_ id: String) { run(.publish(id), success: "\(id): publishing") }

  func unpublish(_ id: String) { run(.unpublish(id), success: "\(id): unpublished") }

  func toggleJoin(_ participant: ParticipantSnapshot) {
    if participant.connection == .disconnected {
      join(participant.id)
    } else {
      leave(participant.id)
    }
  }

  func join(_ id: String) { run(.join(id), success: "\(id): joined") }

  func leave(_ id: String) { run(.leave(id), success: "\(id): left the stage") }

  func reconnect(_ participant: ParticipantSnapshot) {
    run(.reconnect(participant.id), success: "\(participant.id): reconnected")
  }

  func refreshStrategy(_ participant: ParticipantSnapshot) {
    run(.refreshStrategy(participant.id), success: "\(participant.id): strategy re-asked")
  }

  /// Answers the waiting question; `origin` (a key or a command) goes into its event.
  func answer(_ publish: Bool, by origin: AnswerOrigin) {
    guard let question = state.pendingQuestion else {
      report("no strategy question is waiting", .error)
      return
    }
    let id = question.participant
    run(
      .answer(id, publish: publish, by: origin),
      success: "\(id): \(question.name) answered \(publish ? "yes" : "no")")
  }

  /// The profiles `v` cycles through.
  static let sdkProfiles = [
    "ios@1.36.0", "ios@1.37.0", "android@1.36.0", "android@1.37.0", "web@1.32.0", "web@1.33.0",
  ]

  func cycleSDK(_ participant: ParticipantSnapshot) {
    let profiles = Self.sdkProfiles
    let index = profiles.firstIndex(of: participant.sdk.description) ?? -1
    setSDK(participant.id, profiles[(index + 1) % profiles.count])
  }

  func setSDK(_ id: String, _ text: String) {
    let profile: SDKProfile
    do {
      profile = try SDKProfile(parsing: text)
    } catch {
      report(error.description, .error)
      return
    }
    run(.setSDK(id, profile), success: "\(id): now simulates \(profile)")
  }

  func cyclePolicy() {
    guard let current = state.shownComposition?.updates.outcome else {
      report("this scenario has no composition", .error)
      return
    }
    setPolicy(current == .onReconnect ? .live : .onReconnect)
  }

  func setPolicy(_ policy: CompositionConfiguration.UpdatePolicy) {
    guard let composition = state.shownComposition else {
      report("this scenario has no composition", .error)
      return
    }
    run(
      .setCompositionUpdates(composition.id, policy),
      success: "composition \(composition.id) update policy: \(policy.rawValue)")
  }

  /// Runs the next scripted step; a step the stage cannot take is reported, not fatal.
  func nextStep() {
    if let reason = options.readOnlyReason {
      report("next step: \(reason)", .warning)
      return
    }
    let runner = state.runner
    guard !runner.isFinished else {
      report("the script is finished (\(state.script.total) steps)")
      return
    }
    let index = runner.nextStepIndex
    if case .answer(let id, _, _)? = state.script.nextStep,
      !state.snapshot.pendingQuestions.contains(where: { $0.participant == id })
    {
      runner.skipStep()
      refresh()
      report("step \(index + 1)/\(state.script.total) skipped: \(id) has no question waiting")
      return
    }
    do {
      let results = runner.expectationResults.count
      let step = try runner.step()
      refresh()
      logVerdicts(runner.expectationResults.dropFirst(results))
      if state.followsScript, let id = step?.participant,
        let index = state.snapshot.participants.firstIndex(where: { $0.id == id })
      {
        select(index)
      }
      let counter = "step \(index + 1)/\(state.script.total): "
      if state.screenMode.presenting, let plain = state.presenterNotes[index] {
        report(counter + plain, .success)
      } else {
        let note = state.stepNotes[index].map { " — \($0)" } ?? ""
        report(counter + (step?.summary ?? "") + note, .success)
      }
    } catch {
      refresh()
      report(error.description, .error)
    }
  }

  /// Moves the virtual clock (`:advance 13h`).
  func advance(_ text: String) {
    do {
      let duration = try VirtualDuration(parsing: text)
      run(.advance(duration), success: "clock advanced by \(duration)")
    } catch {
      report(error.description, .error)
    }
  }
}
