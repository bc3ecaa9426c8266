import IVSRules

/// Server-side compositions as observers of publishers (SPEC §4): up to five per stage,
/// each with its own layout and update policy.
extension Stage {
  /// IVS allows at most this many compositions per stage (the book's `composition.limit`).
  public static let compositionLimit = RuleBook.ivs.latest.decide(.compositionsPerStage).outcome
  /// The ID of the composition a scenario's top-level `composition` field starts.
  public static let firstCompositionID = "main"

  /// Starts composition `id` (the StartComposition API). It sees every publisher's
  /// current attributes at once and records `compositionStarted`, then its first layout.
  /// Throws, changing nothing, for a bad or running ID or a sixth composition.
  public func startComposition(id: String, configuration: CompositionConfiguration)
    throws(StageActionError)
  {
    if let problem = Self.problem(withCompositionID: id) { throw StageActionError(problem) }
    guard compositionIndex(id) == nil else {
      throw StageActionError("composition \(id) is already running")
    }
    guard compositions.count < decide(.compositionsPerStage).outcome else {
      throw StageActionError(
        "the stage already runs \(Self.compositionLimit) compositions (\(runningCompositions)),"
          + " the most IVS allows per stage")
    }
    apply(.compositionLimit)
    compositionSerials += 1
    var state = CompositionState(
      id: id, serial: compositionSerials, configuration: configuration,
      updates: decideUpdates(configuration))
    for slot in publishOrder { state.versions[slot] = clients[slot].version }
    compositions.append(state)
    following(.compositionStartSeesCurrent) {
      emitComposition(.compositionStarted, compositions.count - 1)
      updateLayout(compositions.count - 1)
    }
  }

  /// Stops composition `id` (the StopComposition API) and records `compositionStopped`.
  /// Throws, changing nothing, when no composition of that ID runs.
  public func stopComposition(id: String) throws(StageActionError) {
    let index = try runningComposition(id)
    emitComposition(.compositionStopped, index)
    forgetBeliefs(ofComposition: index)
    compositions.remove(at: index)
  }

  /// Changes only the update policy of composition `id` (§4). Switched to `live` it
  /// catches up with every publisher's current attributes at once.
  public func setCompositionPolicy(
    _ policy: CompositionConfiguration.UpdatePolicy, composition id: String = firstCompositionID
  ) throws(StageActionError) {
    let index = try runningComposition(id)
    compositions[index].configuration.updates = policy
    compositions[index].updates = decideUpdates(compositions[index].configuration)
    if policy == .live {
      for slot in publishOrder {
        takeCurrentValues(index, of: slot, relayout: false) { "composition \($0) switched to live" }
      }
    }
    updateLayout(index)
  }

  /// When a composition with `configuration` follows an exchange: the day's rule unless its
  /// `updates` sets a what-if; noted as applied.
  func decideUpdates(_ configuration: CompositionConfiguration) -> Decision<CompositionUpdates> {
    let decision = rules.compositionUpdates(whatIf: configuration.updates)
    apply(decision.rule)
    return decision
  }

  /// Why `id` cannot name a composition, or nil: 1–64 of `A-Z a-z 0-9 _ -`.
  public static func problem(withCompositionID id: String) -> String? {
    let allowed = id.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
    }
    guard !id.isEmpty, id.utf8.count <= 64, allowed else {
      return "a composition ID is 1–64 characters of A-Z a-z 0-9 _ -, not \"\(id)\""
    }
    return nil
  }

  /// A publisher started: every composition sees its current attributes.
  func compositionsSeePublish(of slot: Int) {
    for index in compositions.indices {
      takeCurrentValues(index, of: slot, relayout: true) {
        "\(self.clients[slot].id) started publishing: composition \($0) took its current attributes"
      }
    }
  }

  /// A publisher stopped: it leaves every layout.
  func compositionsSeeUnpublish(of slot: Int) {
    for index in compositions.indices {
      compositions[index].versions[slot] = nil
      updateLayout(index)
    }
  }

  /// An accepted exchange changed a publisher's metadata: `live` compositions follow at
  /// once; `on-reconnect` ones keep what they believe, which is now stale.
  func compositionsSeeExchange(of slot: Int) {
    for index in compositions.indices {
      let updates = compositions[index].updates
      following(updates.rule) {
        if updates.outcome == .live {
          takeCurrentValues(index, of: slot, relayout: true) {
            "composition \($0) (live) took the new attributes"
          }
        } else {
          believeStale(
            observer: compositionObserver(index), about: slot,
            version: compositions[index].versions[slot] ?? clients[slot].version)
        }
      }
    }
  }

  /// Composition `index` now believes `slot`'s current metadata: its layout is recomputed
  /// when `relayout`, then a belief event, with the reason made from the composition's ID,
  /// if its belief was stale.
  private func takeCurrentValues(
    _ index: Int, of slot: Int, relayout: Bool, reason: (String) -> String
  ) {
    compositions[index].versions[slot] = clients[slot].version
    if relayout { updateLayout(index) }
    let id = compositions[index].id
    believeCurrent(observer: compositionObserver(index), about: slot, reason: reason(id))
  }

  /// Recomputes composition `index`'s layout from the attributes it believes and records
  /// `layoutChanged` when the slots differ from the last announced ones.
  func updateLayout(_ index: Int) {
    let state = compositions[index]
    let entries = publishOrder.map { slot in
      CompositionLayout.Entry(
        participant: clients[slot].id,
        attributes: clients[slot].history[state.versions[slot] ?? clients[slot].version]
          .attributes)
    }
    let slots = CompositionLayout.slots(for: entries, configuration: state.configuration)
    applyAttributeRules(state.configuration)
    guard slots != state.slots else { return }
    compositions[index].slots = slots
    emit(.composition, .layoutChanged) { event in
      event.observer = state.id
      event.slots = slots
    }
  }

  /// Notes the attribute rules a layout of `configuration` applied (`CompositionLayout`).
  private func applyAttributeRules(_ configuration: CompositionConfiguration) {
    if !configuration.featuredParticipantAttribute.isEmpty {
      apply(.compositionFeaturedAttribute)
    }
    if configuration.layout == .pip, !configuration.pipParticipantAttribute.isEmpty {
      apply(.compositionPipAttribute)
    }
    apply(.compositionOrderAttribute)
  }

  private func emitComposition(_ kind: EventKind, _ index: Int) {
    emit(.composition, kind) { event in
      event.observer = compositions[index].id
      event.message = Self.describe(
        compositions[index].configuration, updates: compositions[index].updates.outcome)
    }
  }

  /// `grid featured=featured order=order updates=live`: a started or stopped composition.
  static func describe(
    _ configuration: CompositionConfiguration, updates: CompositionUpdates?
  ) -> String {
    var parts = [configuration.layout.rawValue]
    let named = [
      ("featured", configuration.featuredParticipantAttribute),
      ("pip", configuration.pipParticipantAttribute),
      ("order", configuration.participantOrderAttribute),
    ]
    for (label, attribute) in named where !attribute.isEmpty {
      parts.append("\(label)=\(attribute)")
    }
    if let updates { parts.append("updates=\(updates.rawValue)") }
    return parts.joined(separator: " ")
  }

  private func compositionIndex(_ id: String) -> Int? {
    compositions.firstIndex { $0.id == id }
  }

  private func runningComposition(_ id: String) throws(StageActionError) -> Int {
    guard let index = compositionIndex(id) else {
      let running = compositions.isEmpty ? "none runs" : "running: \(runningCompositions)"
      throw StageActionError("no composition \(id) runs (\(running))")
    }
    return index
  }

  private var runningCompositions: String {
    compositions.map(\.id).joined(separator: ", ")
  }
}
