import StageEngine
import TokenCore

/// The token deck: building candidates with predictions, typing values, exchanging.
extension AppController {
  /// `participant`'s deck entries: the prepared tokens meant for it (or anyone), then the
  /// presets. A token prepared for another participant is never offered, so it can never be
  /// applied to the wrong one.
  func deckEntries(for participant: String) -> [DeckEntry] {
    prepared.filter { $0.isOffered(to: participant) }.map(DeckEntry.prepared)
      + DeckPreset.allCases.map(DeckEntry.preset)
  }

  /// The prepared tokens `participant`'s deck leaves out, by owner: "host: demote host".
  func preparedElsewhere(_ participant: String) -> [String] {
    var byOwner: [(owner: String, names: [String])] = []
    for token in prepared where !token.isOffered(to: participant) {
      guard let owner = token.owner else { continue }
      if let index = byOwner.firstIndex(where: { $0.owner == owner }) {
        byOwner[index].names.append(token.name)
      } else {
        byOwner.append((owner, [token.name]))
      }
    }
    return byOwner.map { "\($0.owner): \($0.names.joined(separator: ", "))" }
  }

  /// Opens the deck for the selected participant (or says why it cannot be used).
  func openDeck() {
    guard let participant = state.selectedParticipant else {
      report("no participant selected", .error)
      return
    }
    if let reason = ExchangePredictor.unavailability(of: participant) {
      report(reason, .error)
      return
    }
    let current = parsedCurrentToken(of: participant.id)
    var inputs: [Int: String] = [:]
    for (index, entry) in deckEntries(for: participant.id).enumerated() {
      guard case .preset(let preset) = entry else { continue }
      switch preset {
      case .editAttributes:
        inputs[index] = AttributeInput.format(current?.claims.attributes ?? [:])
      case .editUserId: inputs[index] = current?.claims.userId ?? ""
      case .rawJWT: inputs[index] = ""
      default: break
      }
    }
    var deck = DeckState(participant: participant.id, candidates: [], inputs: inputs)
    deck.preparedElsewhere = preparedElsewhere(participant.id)
    state.overlay = .deck(rebuilt(deck))
  }

  /// Recomputes every candidate of `deck` (after opening or a typed value changed).
  func rebuilt(_ deck: DeckState) -> DeckState {
    var deck = deck
    guard let participant = state.snapshot.participant(deck.participant) else { return deck }
    let current = parsedCurrentToken(of: deck.participant)
    let predictor = ExchangePredictor(
      participant: participant, current: current, keys: stage.configuration.keys,
      snapshot: state.snapshot)
    deck.candidates = deckEntries(for: deck.participant).enumerated().map { index, entry in
      candidate(entry, input: deck.inputs[index] ?? "", current: current, predictor: predictor)
    }
    deck.highlighted = min(deck.highlighted, max(0, deck.candidates.count - 1))
    return deck
  }

  private func candidate(
    _ entry: DeckEntry, input: String, current: ParticipantToken?, predictor: ExchangePredictor
  ) -> DeckCandidate {
    guard let current else {
      return DeckCandidate(
        entry: entry, diff: [],
        prediction: .rejectedBySDK("\(predictor.participant.id) is not connected"))
    }
    if let reason = forge.unavailability(of: entry) {
      return DeckCandidate(entry: entry, diff: [], prediction: .disabled(reason))
    }
    let source: ScenarioToken
    let token: DeckToken
    do {
      source = try forge.scenarioToken(
        for: entry, current: current.claims, now: state.snapshot.time, input: input)
      token = try forge.preview(source, participant: predictor.participant.id)
    } catch {
      return DeckCandidate(entry: entry, diff: [], prediction: .invalidInput(error.message))
    }
    let diff: [String]
    if let parsed = token.parsed {
      diff = ClaimDiff.lines(from: current, to: parsed)
    } else {
      diff = token.isEmpty ? ["(type or paste a JWT)"] : ["(does not parse as a token)"]
    }
    return DeckCandidate(
      entry: entry, diff: diff, prediction: predictor.predict(token), source: source)
  }

  func parsedCurrentToken(of id: String) -> ParticipantToken? {
    guard let compact = currentToken(of: id) else { return nil }
    return try? ParticipantToken.parse(compact)
  }

  /// Enter in the deck: entries that need a value open the input line first.
  func confirmDeck() {
    guard case .deck(let deck) = state.overlay, let candidate = deck.current else { return }
    if candidate.entry.inputPrompt != nil, state.input == nil {
      state.input = InputLine(.deckValue, text: deck.inputs[deck.highlighted] ?? "")
      return
    }
    exchange(deck.participant, candidate)
  }

  /// The typed deck value changed: store it and re-predict the highlighted entry only (the
  /// others do not depend on it; a pasted token's prediction verifies its signature).
  func deckValueChanged(_ text: String) {
    guard case .deck(var deck) = state.overlay, deck.candidates.indices.contains(deck.highlighted),
      let participant = state.snapshot.participant(deck.participant)
    else { return }
    deck.inputs[deck.highlighted] = text
    let current = parsedCurrentToken(of: deck.participant)
    let predictor = ExchangePredictor(
      participant: participant, current: current, keys: stage.configuration.keys,
      snapshot: state.snapshot)
    deck.candidates[deck.highlighted] = candidate(
      deckEntries(for: deck.participant)[deck.highlighted], input: text, current: current,
      predictor: predictor)
    state.overlay = .deck(deck)
  }

  /// Calls exchangeToken with the candidate's token and reports the outcome.
  func exchange(_ id: String, _ candidate: DeckCandidate) {
    state.input = nil
    state.overlay = nil
    guard let token = candidate.source else {
      report("\(id): \(candidate.prediction.headline)", .error)
      return
    }
    var rejected: StageEvent?
    run(.exchange(id, token), success: "\(id): token exchanged (\(candidate.entry.title))") {
      if rejected == nil, $0.kind == .exchangeRejected { rejected = $0 }
    }
    guard let rejected else { return }
    let checker = candidate.prediction.isRejectedByService ? "service" : "SDK"
    let code = [rejected.code.map(String.init), rejected.errorCode].compactMap { $0 }
      .joined(separator: " ")
    report(
      "\(id): exchange rejected by the \(checker) (\(code)): \(rejected.message ?? "")", .warning)
  }

  /// `:exchange ID WORD [VALUE]`: the deck entry named `word`, without opening the deck.
  func exchange(_ id: String, entryNamed word: String, value: String?) {
    guard let participant = state.snapshot.participant(id) else {
      report("no participant \(id)", .error)
      return
    }
    if let reason = ExchangePredictor.unavailability(of: participant) {
      report(reason, .error)
      return
    }
    let entries = deckEntries(for: id)
    guard let index = entries.firstIndex(where: { $0.commandWord == word }) else {
      if let other = prepared.first(where: {
        DeckEntry.prepared($0).commandWord == word && !$0.isOffered(to: id)
      }), let owner = other.owner {
        report("\"\(other.name)\" is prepared for \(owner), not for \(id): not applied", .error)
        return
      }
      let words = entries.map(\.commandWord).joined(separator: ", ")
      report("no token \"\(word)\" for \(id) (have: \(words))", .error)
      return
    }
    var deck = DeckState(participant: id, candidates: [], inputs: [:])
    deck.inputs[index] = value ?? defaultInput(for: entries[index], of: id)
    deck.highlighted = index
    deck = rebuilt(deck)
    guard let candidate = deck.current else { return }
    exchange(id, candidate)
  }

  private func defaultInput(for entry: DeckEntry, of id: String) -> String {
    guard case .preset(let preset) = entry, let current = parsedCurrentToken(of: id) else {
      return ""
    }
    switch preset {
    case .editAttributes: return AttributeInput.format(current.claims.attributes)
    case .editUserId: return current.claims.userId ?? ""
    default: return ""
    }
  }
}
