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

  /// Answers the waiting question; `origin` (a key or a command) goes into its event. When
  /// the script's next steps answer this very question, the answer is the script's step (run
  /// with the person's answer), so the story stays in step and its narration goes on.
  func answer(_ publish: Bool, by origin: AnswerOrigin) {
    guard let question = state.pendingQuestion else {
      report("no strategy question is waiting", .error)
      return
    }
    let id = question.participant
    if state.scriptAnswersPendingQuestion, options.readOnlyReason == nil {
      answerInScript(question, publish: publish, by: origin)
      return
    }
    run(
      .answer(id, publish: publish, by: origin),
      success: "\(id): \(question.name) answered \(publish ? "yes" : "no")")
  }

  /// Runs the script up to its answer to `question` (the `expect` and `advance` steps before
  /// it), then its answer step with the person's answer.
  private func answerInScript(_ question: PendingQuestion, publish: Bool, by origin: AnswerOrigin) {
    while state.script.nextStep.map(ScriptProgress.isTransparent) == true {
      nextStep()
      if state.narration?.kind == .error { return }
    }
    guard case .answer(_, let scripted, _)? = state.script.nextStep else { return }
    let index = state.runner.nextStepIndex
    do {
      let step = try state.runner.step(
        answering: question.participant, publish: publish, by: origin)
      refresh()
      // The story's note tells the script's answer; another answer is told as it ran.
      let asScripted = scripted == publish
      narrate(
        step: index,
        summary: step.summary
          + (asScripted ? "" : " (the story answers \(scripted ? "yes" : "no"))"),
        note: asScripted)
    } catch {
      refresh()
      report(error.description, .error)
    }
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

  /// Runs the next scripted step and narrates it; a step the stage cannot take is narrated as
  /// an error, not fatal.
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
    // A skipped step never becomes one of the session's: it is named by its place in the file.
    let skipped = "step \(index + 1)/\(state.script.total)"
    if case .answer(let id, _, _)? = state.script.nextStep,
      !state.snapshot.pendingQuestions.contains(where: { $0.participant == id })
    {
      runner.skipStep()
      refresh()
      state.narration = Narration(
        "\(skipped) skipped: \(id) has no question waiting", kind: .warning)
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
      narrate(step: index, summary: step?.summary ?? "")
    } catch {
      refresh()
      state.narration = Narration(
        "step \(state.script.nextCounter): \(error.description)", kind: .error)
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
