import IVSLive
import IVSRecords
import JSONKit
import MonitorUI

/// What `attach` has shown of the poller's records, and how the next poll reaches the screen:
/// newer events, participants who joined and events that came late (the model put back to a
/// recent poll's start) follow on in the running monitor (`LiveImport.append`,
/// `AppController.follow`); anything else is imported whole again.
final class LiveFeed {
  private let imports: ImportOptions
  private let name: String
  private(set) var importer: LiveImport
  private var files: [String: JSON]
  /// The poller's version shown.
  private(set) var version: Int
  /// The steps of the session the running model had when each poll began, by poll number
  /// (`LiveImport.polls`): where a late event puts it back (`LiveImport.Addition.rewind`).
  private var pollStarts: [Int: Int] = [:]

  /// The first import of `snapshot`, and the monitor's setup from it.
  init(_ snapshot: LivePoller.Snapshot, sessionId: String, imports: ImportOptions) throws {
    self.imports = imports
    name = "live session \(sessionId)"
    importer = try LiveImport(records: Self.records(snapshot.files), options: imports)
    files = Self.byName(snapshot.files)
    version = snapshot.version
  }

  /// The monitor's setup from the current import.
  func setup() throws -> MonitorSetup { try MonitorSetup.live(importer.session, name: name) }

  /// Takes in `snapshot`: true when the monitor is up to date (what changed followed on in
  /// `controller`, or nothing new), false when the session must be imported again (`reimport`).
  func follow(_ snapshot: LivePoller.Snapshot, in controller: AppController) -> Bool {
    guard snapshot.version != version else { return true }
    let now = Self.byName(snapshot.files)
    guard let news = Self.news(from: files, to: now),
      let events = try? Self.events(news.events),
      let records = try? Self.newRecords(news.participantFiles, from: files, to: now)
    else { return false }
    let start = controller.state.runner.history.count
    guard let addition = importer.append(events, records: records) else { return false }
    pollStarts[importer.polls] = start
    pollStarts[importer.polls - LiveImport.markLimit] = nil
    let rewind = addition.rewind.flatMap { pollStarts[$0] }
    guard addition.rewind == nil || rewind != nil,
      controller.follow(addition, recorded: events, rewind: rewind)
    else { return false }
    files = now
    version = snapshot.version
    return true
  }

  /// Imports `snapshot` whole again (a participant's record changed, an event came later than
  /// the marks reach).
  /// Records that do not import leave the last import shown until the next change.
  func reimport(_ snapshot: LivePoller.Snapshot) throws {
    version = snapshot.version
    importer = try LiveImport(records: Self.records(snapshot.files), options: imports)
    files = Self.byName(snapshot.files)
    pollStarts = [:]
  }

  /// What a poll changed that can follow on: events each events file gained at its newest
  /// end (a new file's all), by file, and the participant files (get-participant,
  /// list-participants) that are new or changed.
  struct News {
    var events: [String: [JSON]] = [:]
    var participantFiles: [String] = []
  }

  /// The news from `old` to `new`; nil when anything else changed (a file gone, another file
  /// changed, events that are not the old ones plus newer ones).
  static func news(from old: [String: JSON], to new: [String: JSON]) -> News? {
    guard old.keys.allSatisfy({ new[$0] != nil }) else { return nil }
    var news = News()
    for (name, json) in new.sorted(by: { $0.key < $1.key }) {
      let before = old[name]
      if name.hasSuffix(".events.json") {
        guard let added = addedEvents(from: before, to: json) else { return nil }
        if !added.isEmpty { news.events[name] = added }
      } else if before != json {
        guard isParticipantFile(name) else { return nil }
        news.participantFiles.append(name)
      }
    }
    return news
  }

  /// The events `new` gained at its newest end over `old` (all of them for a new file); nil
  /// when the old events are not its tail.
  private static func addedEvents(from old: JSON?, to new: JSON) -> [JSON]? {
    let now = new["events"]?.arrayValue ?? []
    let then = old?["events"]?.arrayValue ?? []
    let count = now.count - then.count
    guard count >= 0 else { return nil }
    // Newest first: the old events are the tail; their newest must be where it was.
    guard then.first.map({ $0 == now[count] }) ?? true else { return nil }
    return Array(now[..<count])
  }

  private static func isParticipantFile(_ name: String) -> Bool {
    name == "list-participants.json"
      || (name.hasPrefix("get-participant.") && name.hasSuffix(".json"))
  }

  /// The participants `files` describe for the first time; nil when one they described
  /// before is described differently now (userId, attributes, SDK, first join: what the
  /// import reads) or not at all. State and `published` are not read: the events carry them.
  static func newRecords(
    _ files: [String], from old: [String: JSON], to new: [String: JSON]
  ) throws -> [String: ParticipantRecord]? {
    var records: [String: ParticipantRecord] = [:]
    for name in files {
      let then = try old[name].map { try participants(in: $0, file: name) } ?? [:]
      let now = try new[name].map { try participants(in: $0, file: name) } ?? [:]
      for (id, record) in then where now[id] != record { return nil }
      for (id, record) in now where then[id] == nil { records[id] = record }
    }
    return records
  }

  private static func participants(in json: JSON, file: String) throws
    -> [String: ParticipantRecord]
  {
    var records = RecordSet()
    try records.read(json: json, file: file)
    return records.participants
  }

  private static func events(_ added: [String: [JSON]]) throws -> [RecordedEvent] {
    var records = RecordSet()
    for (name, events) in added.sorted(by: { $0.key < $1.key }) {
      let document = JSON.object([("events", .array(events))])
      try records.read(json: document, file: name)
    }
    return records.events
  }

  private static func records(_ files: [SessionFetcher.File]) throws -> RecordSet {
    var records = RecordSet()
    for file in files {
      try records.read(json: file.json, file: file.name)
    }
    return records
  }

  private static func byName(_ files: [SessionFetcher.File]) -> [String: JSON] {
    Dictionary(files.map { ($0.name, $0.json) }, uniquingKeysWith: { _, last in last })
  }
}
