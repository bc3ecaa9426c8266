import StageEngine

/// `:` commands: the same actions by name, with explicit participants and values.
extension AppController {
  /// Runs one command line; unknown or incomplete commands say what is expected.
  func execute(command text: String) {
    let words = text.split(separator: " ").map(String.init)
    guard let name = words.first else { return }
    let arguments = Array(words.dropFirst())
    if let reason = options.readOnlyReason, CommandCatalog.stageCommands.contains(name) {
      report(":\(name): \(reason)", .warning)
      return
    }
    if CommandCatalog.participantCommands.contains(name) {
      runParticipantCommand(name, arguments)
      return
    }
    switch name {
    case "yes": answer(true, by: .command)
    case "no": answer(false, by: .command)
    case "next": nextStep()
    case "policy": policyCommand(arguments)
    case "start-composition": startCompositionCommand(arguments)
    case "stop-composition":
      oneArgument(name, arguments, "a composition ID, e.g. main") { stopComposition($0) }
    case "advance": oneArgument(name, arguments, "a duration, e.g. 13h") { advance($0) }
    case "filter":
      setLogFilter(arguments.joined(separator: " "))
      report("filter \"\(state.log.filter)\": \(state.log.visibleCount) lines")
    case "theme":
      if let theme = arguments.first { selectTheme(theme) } else { perform(.nextTheme) }
    case "pause": perform(.togglePause)
    case "save-scenario": saveScenario(arguments.isEmpty ? nil : arguments.joined(separator: " "))
    case "goto": oneArgument(name, arguments, "a step number, e.g. 7") { travel(toStep: $0) }
    case "screenshot": screenshot(to: arguments.first)
    case "rule":
      if let id = arguments.first { showRule(named: id) } else { perform(.rule) }
    default:
      if let action = Action(rawValue: name) {
        perform(action)
      } else {
        let names = CommandCatalog.usages.map(\.name).joined(separator: ", ")
        report("unknown command \"\(name)\" (commands: \(names))", .error)
      }
    }
  }

  private func runParticipantCommand(_ name: String, _ arguments: [String]) {
    let usage = CommandCatalog.usages.first { $0.name == name }?.usage ?? name
    guard let id = arguments.first else {
      report("usage: :\(usage)", .error)
      return
    }
    guard let index = state.snapshot.participants.firstIndex(where: { $0.id == id }) else {
      let known = state.snapshot.participants.prefix(8).map(\.id).joined(separator: ", ")
      report("no participant \(id) (have: \(known))", .error)
      return
    }
    select(index)
    let rest = Array(arguments.dropFirst())
    switch name {
    case "publish": publish(id)
    case "unpublish": unpublish(id)
    case "join": join(id)
    case "leave": leave(id)
    case "reconnect": withParticipant(id, reconnect)
    case "refresh": withParticipant(id, refreshStrategy)
    case "drop": withParticipant(id, networkDrop)
    case "mute", "unmute": muteCommand(id, muted: name == "mute", rest)
    case "sdk": oneArgument(name, rest, "a profile, e.g. android@1.37.0") { setSDK(id, $0) }
    case "exchange":
      guard let word = rest.first else {
        report("usage: :\(usage)", .error)
        return
      }
      let value = rest.count > 1 ? rest.dropFirst().joined(separator: " ") : nil
      exchange(id, entryNamed: word, value: value)
    default: report("selected \(id)")
    }
  }

  private func withParticipant(_ id: String, _ body: (ParticipantSnapshot) -> Void) {
    if let participant = state.snapshot.participant(id) { body(participant) }
  }

  private func oneArgument(
    _ name: String, _ arguments: [String], _ what: String, _ body: (String) -> Void
  ) {
    guard let value = arguments.first else {
      report(":\(name) needs \(what)", .error)
      return
    }
    body(value)
  }

  private func policyCommand(_ arguments: [String]) {
    guard let word = arguments.first else {
      cyclePolicy()
      return
    }
    guard let policy = CompositionConfiguration.UpdatePolicy(rawValue: word) else {
      report("policy must be live or on-reconnect, not \(word)", .error)
      return
    }
    setPolicy(policy)
  }
}
