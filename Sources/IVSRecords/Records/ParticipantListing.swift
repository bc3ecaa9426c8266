/// A list-participants output: every participant of the session, when it is one page whole
/// (no `nextToken`). A file of ListParticipantEvents pages whose participants it does not list
/// and that no other record names is another session's, even when its times fall within this
/// one's (finding 40015328: another stage's session at the same hours): it is refused as one
/// (kept with `--allow-other-sessions`) instead of being merged, the model then inventing what
/// its participants did on this stage.
struct ParticipantListing {
  /// The file (and document) it was read from.
  let origin: String
  /// The participants it lists.
  let ids: Set<String>
  /// Whether it has a `nextToken`: more pages list more participants.
  let isPaged: Bool
}

extension RecordFolder {
  /// The files of ListParticipantEvents events of participants a whole list-participants
  /// does not list, naming only participants no other record names.
  static func unlisted(_ records: RecordSet, _ names: FileNames) -> [RecordError] {
    guard let listing = records.listings.first, !records.listings.contains(where: \.isPaged)
    else { return [] }
    let listed = records.listings.reduce(into: Set<String>()) { $0.formUnion($1.ids) }
    var own: [String: (ids: Set<String>, count: Int, first: Int64, last: Int64)] = [:]
    var order: [String] = []
    // By position: iterating would copy every event.
    for index in records.events.indices {
      let event = records.events[index]
      guard !event.viaEventBridge else { continue }
      if own[event.place.file] == nil { order.append(event.place.file) }
      var span = own[event.place.file] ?? ([], 0, event.time, event.time)
      span.ids.insert(event.participantId)
      span.count += 1
      span.first = min(span.first, event.time)
      span.last = max(span.last, event.time)
      own[event.place.file] = span
    }
    var found: [RecordError] = []
    for file in order {
      guard let span = own[file], span.ids.isDisjoint(with: listed),
        names.namesNobodyElse(file, records)
      else { continue }
      let ids = span.ids.sorted().joined(separator: ", ")
      found.append(
        RecordError(
          file: file, location: "",
          message: "\(span.count) event(s) of \(ids) from"
            + " \(RecordTime.iso8601(milliseconds: span.first)) to"
            + " \(RecordTime.iso8601(milliseconds: span.last)), whom the session's"
            + " list-participants (\(listing.origin)) does not list and no other record names:"
            + " another session's? Leave the file out, or keep it with --allow-other-sessions"))
    }
    return found
  }
}
