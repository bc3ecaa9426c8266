/// What a record set held before a file was read, so a file whose streamed read fails can be
/// taken back out before it is read again whole. Taken and restored in time proportional to
/// what the file added, never to the whole set: a folder of 100,000 files is not copied
/// once per file (issue 32 item 12).
struct RecordCheckpoint {
  let files: Int
  let events: Int
  let issues: Int
  let blockers: Int
  let pages: Int
  let listings: Int
  let repeatedDeliveries: Int
  let envelopeTimedEvents: Int
  let stage: (arn: String, origin: String)?
  let session: (id: String, origin: String)?
  let sessionStart: Int64?
  let sessionEnd: Int64?
  let sessionBoundsOrigin: String?
  let manifest: RecordManifest?
  let composition: RecordedComposition?
}

/// What reading one file changed in the set's tables: each participant record as it was
/// before its first change (nil: it was new), and each EventBridge `id` added.
struct RecordJournal {
  var participants: [String: ParticipantRecord?] = [:]
  var eventBridgeIDs: [String] = []
}

extension RecordSet {
  /// Starts a checkpoint: what the set holds now, and a journal of the changes to come.
  mutating func checkpoint() -> RecordCheckpoint {
    journal = RecordJournal()
    return RecordCheckpoint(
      files: files.count, events: events.count, issues: issues.count, blockers: blockers.count,
      pages: pages.count, listings: listings.count,
      repeatedDeliveries: repeatedDeliveries, envelopeTimedEvents: envelopeTimedEvents,
      stage: stage, session: session, sessionStart: sessionStart, sessionEnd: sessionEnd,
      sessionBoundsOrigin: sessionBoundsOrigin, manifest: manifest, composition: composition)
  }

  /// Keeps what was read since `checkpoint()`.
  mutating func commit() { journal = nil }

  /// Takes back everything read since `mark` was taken.
  mutating func restore(_ mark: RecordCheckpoint) {
    if let journal {
      for (id, record) in journal.participants { participants[id] = record }
      for id in journal.eventBridgeIDs { eventBridgeIDs.remove(id) }
    }
    journal = nil
    files.removeSubrange(mark.files...)
    events.removeSubrange(mark.events...)
    issues.removeSubrange(mark.issues...)
    blockers.removeSubrange(mark.blockers...)
    pages.removeSubrange(mark.pages...)
    listings.removeSubrange(mark.listings...)
    repeatedDeliveries = mark.repeatedDeliveries
    envelopeTimedEvents = mark.envelopeTimedEvents
    stage = mark.stage
    session = mark.session
    sessionStart = mark.sessionStart
    sessionEnd = mark.sessionEnd
    sessionBoundsOrigin = mark.sessionBoundsOrigin
    manifest = mark.manifest
    composition = mark.composition
  }

  /// Takes back what was read since `mark`, and goes on journalling (the file is read again).
  mutating func rewind(to mark: RecordCheckpoint) {
    restore(mark)
    journal = RecordJournal()
  }

  /// Notes a participant record about to change, when a checkpoint is open.
  mutating func journalParticipant(_ id: String) {
    guard journal != nil, journal?.participants[id] == nil else { return }
    journal?.participants[id] = .some(participants[id])
  }

  /// Adds an EventBridge `id`; false when it was already read (a repeated delivery).
  mutating func insertEventBridgeID(_ id: String) -> Bool {
    guard eventBridgeIDs.insert(id).inserted else { return false }
    journal?.eventBridgeIDs.append(id)
    return true
  }
}
