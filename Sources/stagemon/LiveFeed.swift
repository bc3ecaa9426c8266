import IVSLive
import IVSRecords
import JSONKit
import MonitorUI

/// What `attach` has shown of the poller's records, and how the next poll reaches the screen:
/// newer events of the participants already imported follow on in the running monitor
/// (`LiveImport.append`, `AppController.follow`), anything else is imported whole again.
final class LiveFeed {
  private let imports: ImportOptions
  private let name: String
  private(set) var importer: LiveImport
  private var files: [String: JSON]
  /// The poller's version shown.
  private(set) var version: Int

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

  /// Takes in `snapshot`: true when the monitor is up to date (newer events followed on in
  /// `controller`, or nothing new), false when the session must be imported again (`reimport`).
  func follow(_ snapshot: LivePoller.Snapshot, in controller: AppController) -> Bool {
    guard snapshot.version != version else { return true }
    guard let added = Self.addedEvents(from: files, to: Self.byName(snapshot.files)),
      let events = try? Self.events(added), let steps = importer.append(events)
    else { return false }
    controller.follow(steps, recorded: events)
    files = Self.byName(snapshot.files)
    version = snapshot.version
    return true
  }

  /// Imports `snapshot` whole again (a participant joined or changed, an event came late).
  /// Records that do not import leave the last import shown until the next change.
  func reimport(_ snapshot: LivePoller.Snapshot) throws {
    version = snapshot.version
    importer = try LiveImport(records: Self.records(snapshot.files), options: imports)
    files = Self.byName(snapshot.files)
  }

  /// The events each events file gained at its newest end, by file; nil when anything else
  /// changed (another file, a file added, events that are not the old ones plus newer ones).
  static func addedEvents(from old: [String: JSON], to new: [String: JSON]) -> [String: [JSON]]? {
    guard old.count == new.count else { return nil }
    var added: [String: [JSON]] = [:]
    for (name, json) in new {
      guard let before = old[name] else { return nil }
      guard name.hasSuffix(".events.json") else {
        if before != json { return nil }
        continue
      }
      let now = json["events"]?.arrayValue ?? []
      let then = before["events"]?.arrayValue ?? []
      let count = now.count - then.count
      guard count >= 0 else { return nil }
      if count == 0 { continue }
      // Newest first: the old events are the tail; their newest must be where it was.
      guard then.first.map({ $0 == now[count] }) ?? true else { return nil }
      added[name] = Array(now[..<count])
    }
    return added
  }

  private static func events(_ added: [String: [JSON]]) throws -> [RecordedEvent] {
    var records = RecordSet()
    for (name, events) in added.sorted(by: { $0.key < $1.key }) {
      let document = JSON.object([("events", .array(events))])
      try records.read(bytes: Array(JSONWriter.compact(document).utf8), file: name)
    }
    return records.events
  }

  private static func records(_ files: [SessionFetcher.File]) throws -> RecordSet {
    var records = RecordSet()
    for file in files {
      try records.read(bytes: Array(JSONWriter.compact(file.json).utf8), file: file.name)
    }
    return records
  }

  private static func byName(_ files: [SessionFetcher.File]) -> [String: JSON] {
    Dictionary(files.map { ($0.name, $0.json) }, uniquingKeysWith: { _, last in last })
  }
}
