import JSONKit

extension LiveImport {
  /// Imports the polled answers `files` (in the order they came), keeping them so `take`
  /// sees what each new answer changed.
  public init(files: [PolledFile], options: ImportOptions) throws(LiveImportError) {
    var records = RecordSet()
    for file in files {
      do {
        try records.read(json: file.json, file: file.name)
      } catch {
        throw .record(error)
      }
    }
    do {
      try self.init(records: records, options: options)
    } catch {
      throw .usage(error)
    }
    for file in files {
      if self.files.updateValue(file.json, forKey: file.name) == nil { fileOrder.append(file.name) }
    }
  }

  /// What the answers that changed since the last call bring the monitor: newer events and
  /// participants who joined follow on (`append`); anything else — a participant's record
  /// changed, an answer gone stale, an event older than the marks reach — imports the session
  /// whole again from every answer kept — unless `reimporting` is false: then those answers
  /// are kept aside (`deferred`) for a call that allows it, while answers of other files still
  /// follow on (a join is not held up by another participant's late events). Nil when nothing
  /// in `changed` is new, or when all of it waits. Pure: the answers in, the update out.
  public mutating func take(_ changed: [PolledFile], reimporting: Bool = true) -> LiveUpdate? {
    let fresh = changed.filter { files[$0.name] != $0.json }
    guard !fresh.isEmpty || (isBehind && reimporting) else { return nil }
    let before = files
    keep(fresh)
    let waits = fresh.contains { deferred.contains($0.name) }
    if !mustImportWhole, !waits, !fresh.isEmpty, let update = followOn(fresh, from: before) {
      return update
    }
    guard reimporting else {
      deferred.formUnion(fresh.map(\.name))
      return nil
    }
    return importWhole()
  }

  /// Whether answers were kept that the model does not show yet: they wait for a re-import.
  public var isBehind: Bool { !deferred.isEmpty }

  /// The session imported again from every answer kept and `changed`: the monitor asks for
  /// it when it could not follow an update on (`LiveUpdate.reimport`, or `unusable` with why
  /// not).
  public mutating func importWhole(adding changed: [PolledFile] = []) -> LiveUpdate {
    keep(changed)
    let all = fileOrder.compactMap { name in files[name].map { PolledFile(name: name, json: $0) } }
    do {
      self = try LiveImport(files: all, options: options)
      return .reimport(session)
    } catch {
      mustImportWhole = true
      deferred = []
      return .unusable("the polled records do not import (the last import stays shown): \(error)")
    }
  }

  private mutating func keep(_ fresh: [PolledFile]) {
    for file in fresh where files.updateValue(file.json, forKey: file.name) == nil {
      fileOrder.append(file.name)
    }
  }

  /// The addition `fresh` makes over `before`; nil when it cannot follow on.
  private mutating func followOn(_ fresh: [PolledFile], from before: [String: JSON])
    -> LiveUpdate?
  {
    var events = RecordSet()
    var records: [String: ParticipantRecord] = [:]
    for file in fresh.sorted(by: { $0.name < $1.name }) {
      if file.name.hasSuffix(Self.pushedEventsSuffix) {
        // Pushed events (EventBridge, oldest first as they came): what follows the old ones.
        let now = file.json.arrayValue ?? []
        let then = before[file.name]?.arrayValue ?? []
        guard now.count >= then.count, then.last.map({ $0 == now[then.count - 1] }) ?? true,
          (try? events.read(json: .array(Array(now[then.count...])), file: file.name)) != nil
        else { return nil }
      } else if file.name.hasSuffix(".events.json") {
        guard let added = Self.addedEvents(from: before[file.name], to: file.json) else {
          return nil
        }
        guard !added.isEmpty else { continue }
        guard
          (try? events.read(json: .object([("events", .array(added))]), file: file.name))
            != nil
        else { return nil }
      } else {
        guard Self.isParticipantFile(file.name),
          let new = Self.newRecords(file, from: before[file.name])
        else { return nil }
        records.merge(new) { old, _ in old }
      }
    }
    guard let addition = append(events.events, records: records) else { return nil }
    return .follow(addition, recorded: events.events)
  }

  /// The events `new` gained at its newest end over `old` (all of them for a new file); nil
  /// when the old events are not its tail.
  static func addedEvents(from old: JSON?, to new: JSON) -> [JSON]? {
    let now = new["events"]?.arrayValue ?? []
    let then = old?["events"]?.arrayValue ?? []
    let count = now.count - then.count
    guard count >= 0 else { return nil }
    // Newest first: the old events are the tail; their newest must be where it was.
    guard then.first.map({ $0 == now[count] }) ?? true else { return nil }
    return Array(now[..<count])
  }

  /// How the name of a file of pushed events ends: EventBridge events as a queue delivered
  /// them, a JSON array that only grows at its end (`attach --events-queue`).
  public static let pushedEventsSuffix = ".eventbridge.json"

  static func isParticipantFile(_ name: String) -> Bool {
    name == "list-participants.json"
      || (name.hasPrefix("get-participant.") && name.hasSuffix(".json"))
  }

  /// The participants `file` describes for the first time; nil when one it described before
  /// is described differently now (userId, attributes, SDK, first join: what the import
  /// reads) or not at all, or when it does not read. State and `published` are not read: the
  /// events carry them.
  static func newRecords(_ file: PolledFile, from old: JSON?) -> [String: ParticipantRecord]? {
    guard let now = participants(in: file.json, file: file.name) else { return nil }
    var then: [String: ParticipantRecord] = [:]
    if let old {
      guard let earlier = participants(in: old, file: file.name) else { return nil }
      then = earlier
    }
    for (id, record) in then where now[id]?.planned != record.planned { return nil }
    return now.filter { then[$0.key] == nil }
  }

  private static func participants(in json: JSON, file: String) -> [String: ParticipantRecord]? {
    var records = RecordSet()
    guard (try? records.read(json: json, file: file)) != nil else { return nil }
    return records.participants
  }
}
