import StageEngine

/// Actions on the stage model. Each records a runner `step` naming the UI action first, so
/// a saved log shows what the person at the keyboard did.
extension AppController {
  /// Runs `body` against the stage, turning a driver mistake into a status message.
  func drive(_ description: String, _ body: () throws(StageActionError) -> Void) {
    stage.recordStep("ui: \(description)")
    do {
      try body()
    } catch {
      report(error.message, .error)
    }
    refresh()
  }

  func report(outcome: ActionOutcome, success: String) {
    switch outcome {
    case .done: report(success, .success)
    case .failed(let message): report(message, .error)
    }
  }

  func togglePublish(_ participant: ParticipantSnapshot) {
    if participant.publish == .notPublished {
      publish(participant.id)
    } else {
      unpublish(participant.id)
    }
  }

  func publish(_ id: String) {
    drive("publish \(id)") { () throws(StageActionError) in
      report(outcome: try stage.publish(participant: id), success: "\(id): publishing")
    }
  }

  func unpublish(_ id: String) {
    drive("unpublish \(id)") { () throws(StageActionError) in
      try stage.unpublish(participant: id)
      report("\(id): unpublished", .success)
    }
  }

  func toggleJoin(_ participant: ParticipantSnapshot) {
    if participant.connection == .disconnected {
      join(participant.id)
    } else {
      leave(participant.id)
    }
  }

  func join(_ id: String) {
    guard let token = currentToken(of: id) else {
      report("\(id): no token to join with", .error)
      return
    }
    drive("join \(id)") { () throws(StageActionError) in
      report(outcome: try stage.join(participant: id, token: token), success: "\(id): joined")
    }
  }

  func leave(_ id: String) {
    drive("leave \(id)") { () throws(StageActionError) in
      try stage.leave(participant: id)
      report("\(id): left the stage", .success)
    }
  }

  func reconnect(_ participant: ParticipantSnapshot) {
    let id = participant.id
    drive("reconnect \(id)") { () throws(StageActionError) in
      report(outcome: try stage.reconnect(participant: id), success: "\(id): reconnected")
    }
  }

  func refreshStrategy(_ participant: ParticipantSnapshot) {
    let id = participant.id
    drive("refreshStrategy \(id)") { () throws(StageActionError) in
      try stage.refreshStrategy(participant: id)
      report("\(id): strategy re-asked", .success)
    }
  }

  func answer(_ publish: Bool) {
    guard let question = state.pendingQuestion else {
      report("no strategy question is waiting", .error)
      return
    }
    let id = question.participant
    drive("answer \(id) publish=\(publish)") { () throws(StageActionError) in
      try stage.answer(participant: id, publish: publish)
      report("\(id): \(question.name) answered \(publish ? "yes" : "no")", .success)
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
    drive("sdk \(id) \(profile)") { () throws(StageActionError) in
      try stage.setSDKProfile(participant: id, to: profile)
      report("\(id): now simulates \(profile)", .success)
    }
  }

  func cyclePolicy() {
    guard let current = state.snapshot.composition?.configuration.updates else {
      report("this scenario has no composition", .error)
      return
    }
    setPolicy(current == .onReconnect ? .live : .onReconnect)
  }

  func setPolicy(_ policy: CompositionConfiguration.UpdatePolicy) {
    guard state.snapshot.composition != nil else {
      report("this scenario has no composition", .error)
      return
    }
    stage.recordStep("ui: composition policy \(policy.rawValue)")
    stage.setCompositionPolicy(policy)
    refresh()
    report("composition update policy: \(policy.rawValue)", .success)
  }

  /// Runs the next scripted step; a step the stage cannot take is reported, not fatal.
  func nextStep() {
    let runner = state.runner
    guard !runner.isFinished else {
      report("the script is finished (\(state.script.total) steps)")
      return
    }
    let index = runner.nextStepIndex
    do {
      let step = try runner.step()
      let events = refresh()
      if case .exchange(let id, _)? = step,
        events.contains(where: { $0.kind == .exchangeAccepted && $0.participant == id })
      {
        tokenOverrides[id] = nil
      }
      let note = state.stepNotes[index].map { " — \($0)" } ?? ""
      report("step \(index + 1)/\(state.script.total): \(step?.summary ?? "")\(note)", .success)
    } catch {
      refresh()
      report(error.description, .error)
    }
  }

  /// Moves the virtual clock (`:advance 13h`).
  func advance(_ text: String) {
    do {
      let duration = try VirtualDuration(parsing: text)
      stage.recordStep("ui: advance \(duration)")
      stage.advance(by: duration)
      refresh()
      report("clock advanced by \(duration)", .success)
    } catch {
      report(error.description, .error)
    }
  }
}
