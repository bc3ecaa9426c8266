/// The server-side composition as an observer of publishers (SPEC §4).
extension Stage {
  /// Recomputes the layout from the attributes the composition believes and records
  /// `layoutChanged` when the slots differ from the last announced ones.
  func updateLayout() {
    guard let state = composition else { return }
    let entries = publishOrder.map { slot in
      CompositionLayout.Entry(
        participant: clients[slot].id,
        attributes: clients[slot].history[clients[slot].compositionVersion].attributes)
    }
    let slots = CompositionLayout.slots(for: entries, configuration: state.configuration)
    guard slots != state.slots else { return }
    composition?.slots = slots
    var event = StageEvent(source: .composition, kind: .layoutChanged)
    event.slots = slots
    emit(event)
  }
}
