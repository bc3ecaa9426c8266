import StageEngine

/// Another session's file at the same hours, told without get-stage-session or a whole
/// list-participants (finding 43010004): its participant published, yet nobody in the folder
/// subscribed to it, though someone was watching the stage then, and it names nobody any
/// other record names. A file of this session would share a subscription with it, in one
/// direction or the other, unless every app's subscribe strategy passed it over: so it is
/// refused as another session's (kept with `--allow-other-sessions`), naming who was
/// watching, instead of being merged, the model then inventing what it did on this stage.
extension RecordFolder {
  /// How long a watcher's subscription to someone else must have lasted into a publish for
  /// its not subscribing to the publisher to count: longer than an SDK takes to subscribe.
  static let watchedFor: Int64 = 10_000

  /// The ListParticipantEvents files of a publisher nobody subscribed to while another
  /// participant kept a subscription, naming only participants no other record names.
  static func unwatched(_ records: RecordSet, _ names: FileNames) -> [RecordError] {
    let candidates = Set(names.byFile.keys.filter { names.namesNobodyElse($0, records) })
    guard !candidates.isEmpty else { return [] }
    var own: [String: [Int]] = [:]
    var subscriptions: [String: [Int]] = [:]
    // By position: iterating would copy every event.
    for index in records.events.indices where !records.events[index].viaEventBridge {
      let event = records.events[index]
      if candidates.contains(event.place.file) { own[event.place.file, default: []].append(index) }
      if event.kind == .subscribeStarted || event.kind == .subscribeStopped
        || event.kind == .left
      {
        subscriptions[event.participantId, default: []].append(index)
      }
    }
    var found: [RecordError] = []
    for (file, indices) in own.sorted(by: { $0.key < $1.key }) {
      guard let publish = firstPublish(indices, records),
        let watcher = watcher(
          of: publish, besides: names.byFile[file] ?? [], subscriptions, records)
      else { continue }
      found.append(
        RecordError(
          file: file, location: "",
          message: "\(indices.count) event(s) of \(publish.participant), whom no other record"
            + " names: it published from \(RecordTime.iso8601(milliseconds: publish.from)) and"
            + " nobody subscribed to it, though \(watcher.subscriber) was subscribed to"
            + " \(watcher.publisher) then (\(watcher.file)): another session's? Leave the file"
            + " out, add get-stage-session's or list-participants' output, or keep it with"
            + " --allow-other-sessions"))
    }
    return found
  }

  /// The first publish in one file's events (`indices`): whose, from when, until its stop or
  /// leave (or the file's last event).
  private static func firstPublish(_ indices: [Int], _ records: RecordSet)
    -> (participant: String, from: Int64, until: Int64)?
  {
    let ordered = indices.sorted { records.events[$0].time < records.events[$1].time }
    guard let start = ordered.firstIndex(where: { records.events[$0].kind == .publishStarted })
    else { return nil }
    let event = records.events[ordered[start]]
    let stop = ordered[start...].first {
      records.events[$0].kind == .publishStopped || records.events[$0].kind == .left
    }
    let last = ordered.last.map { records.events[$0].time } ?? event.time
    return (event.participantId, event.time, stop.map { records.events[$0].time } ?? last)
  }

  /// A participant not among `names` that was subscribed to someone from before `publish`
  /// began until `watchedFor` into it (or its end), in its own records.
  private static func watcher(
    of publish: (participant: String, from: Int64, until: Int64), besides names: Set<String>,
    _ subscriptions: [String: [Int]], _ records: RecordSet
  ) -> (subscriber: String, publisher: String, file: String)? {
    let needed = min(publish.until, publish.from.addingReportingOverflow(watchedFor).partialValue)
    for (subscriber, indices) in subscriptions.sorted(by: { $0.key < $1.key })
    where !names.contains(subscriber) {
      var since: [String: Int64] = [:]
      for index in indices.sorted(by: { records.events[$0].time < records.events[$1].time }) {
        let event = records.events[index]
        if event.time > needed { break }
        switch event.kind {
        case .subscribeStarted?:
          if let remote = event.remoteParticipantId, event.time <= publish.from {
            since[remote] = since[remote] ?? event.time
          }
        case .subscribeStopped?:
          if let remote = event.remoteParticipantId { since[remote] = nil }
        default:
          since = [:]
        }
      }
      if let publisher = since.keys.sorted().first, let index = indices.first {
        return (subscriber, publisher, records.events[index].place.file)
      }
    }
    return nil
  }
}
