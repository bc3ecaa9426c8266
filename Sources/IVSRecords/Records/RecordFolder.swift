import Foundation
import InputKit

/// A customer's records as sent: files and folders in any mix, read in one pass. Every usable
/// file is read; each file that is not records is skipped with a note saying what it is and
/// what to send instead; records of another stage or session (named by the records, outside
/// get-stage-session's times, or — without it — more than an hour from the rest and of
/// participants the rest never name) are all listed at once. Time and memory grow with the
/// files, never with their square (issue 32 item 12); a folder of more than `maximumFiles`
/// is refused before any is read. `explain`, `import` and the soundness oracle read folders
/// through this one API.
public struct RecordFolder: Sendable {
  /// The most files one run reads (folders expanded): far above any session's (a
  /// participant's pages, one file per EventBridge event), low enough that listing them
  /// is the only work done before refusing.
  public static let maximumFiles = 200_000
  /// How far apart in time two groups of files must be, without get-stage-session, to be
  /// taken for two sessions (when the later group names none of the earlier's participants).
  public static let sessionGap: Int64 = 3_600_000

  /// A file left out, and why (what it is, what to send instead).
  public struct Skipped: Sendable, Equatable, CustomStringConvertible {
    /// The file as named.
    public let file: String
    /// Why it was left out.
    public let reason: String
    /// The whole error, as reading the file alone reports it.
    public let error: String
    /// `FILE: skipped: REASON`.
    public var description: String { "\(file): skipped: \(reason)" }
  }

  /// Everything read.
  public var records: RecordSet
  /// The files left out, in the order met.
  public var skipped: [Skipped]

  /// Reads `paths` (files, folders of them, `-` for standard input) within `limit` bytes a
  /// file. Throws `RecordFolderError` when the inputs name too many files, when records of
  /// another session are found (every one named), or when no file is usable (every file's
  /// reason named).
  public static func read(
    _ paths: [String], allowsOtherSessions: Bool = false, limit: Int = BoundedInput.Limit.records
  ) throws(RecordFolderError) -> RecordFolder {
    let files = try expanded(paths)
    var records = RecordSet()
    records.allowsOtherSessions = allowsOtherSessions
    records.collectsBlockers = true
    var skipped: [Skipped] = []
    for file in files {
      do {
        try records.read(atPath: file, limit: limit)
      } catch {
        skipped.append(Self.skipped(file, error))
      }
    }
    return try finish(records, skipped, allowsOtherSessions: allowsOtherSessions)
  }

  /// As `read(_:allowsOtherSessions:limit:)`, for files already in memory (names and bytes,
  /// in folder order): the soundness oracle's folders, which never touch the disk.
  public static func read(
    files: [(name: String, bytes: [UInt8])], allowsOtherSessions: Bool = false
  )
    throws(RecordFolderError) -> RecordFolder
  {
    var records = RecordSet()
    records.allowsOtherSessions = allowsOtherSessions
    records.collectsBlockers = true
    var skipped: [Skipped] = []
    for file in files {
      let mark = records.checkpoint()
      do {
        try records.read(bytes: file.bytes, file: file.name)
        records.commit()
      } catch {
        records.restore(mark)
        skipped.append(Self.skipped(file.name, .invalid(error)))
      }
    }
    return try finish(records, skipped, allowsOtherSessions: allowsOtherSessions)
  }

  private static func skipped(_ file: String, _ error: RecordReadError) -> Skipped {
    switch error {
    case .unreadable(let error):
      return Skipped(file: file, reason: error.description, error: "cannot read \(error)")
    case .invalid(let error):
      return Skipped(file: file, reason: reason(error, file: file), error: error.description)
    }
  }

  /// Notes the skipped files, checks the session's bounds (or, without them, looks for
  /// another session's files), looks for files of participants a whole list-participants does
  /// not list (`unlisted`) or nobody watched (`unwatched`) and throws every blocker at once.
  private static func finish(
    _ records: consuming RecordSet, _ skipped: [Skipped], allowsOtherSessions: Bool
  ) throws(RecordFolderError) -> RecordFolder {
    // A `.json` file skipped is records lost (invalid); another file beside them (a README,
    // a screenshot) is a note.
    for file in skipped {
      records.issues.append(
        RecordIssue(
          origin: file.file, message: "skipped: \(file.reason)",
          isInvalid: file.file.lowercased().hasSuffix(".json")))
    }
    do {
      try records.checkSessionBounds()
    } catch {
      records.blockers.append(error)
    }
    let others =
      records.sessionStart == nil && records.sessionEnd == nil
      ? otherSessions(records) : []
    // A file refused already (outside the session's times) is named once.
    var flagged = Set(others.map(\.file) + records.blockers.map(\.file))
    let names = FileNames(records)
    let listed = unlisted(records, names).filter { !flagged.contains($0.file) }
    flagged.formUnion(listed.map(\.file))
    let unwatched = unwatched(records, names).filter { !flagged.contains($0.file) }
    for other in others + listed + unwatched {
      guard allowsOtherSessions else {
        records.blockers.append(other)
        continue
      }
      records.issues.append(
        RecordIssue(
          origin: other.file, message: other.message + "; kept (--allow-other-sessions)",
          isInvalid: false))
    }
    guard records.blockers.isEmpty else {
      throw .otherSessions(records.blockers, skipped: skipped)
    }
    guard !records.files.isEmpty || skipped.isEmpty else { throw .nothingUsable(skipped) }
    records.collectsBlockers = false
    return RecordFolder(records: records, skipped: skipped)
  }

  /// An error's words without the file name the skip note already leads with.
  private static func reason(_ error: RecordError, file: String) -> String {
    error.file == file
      ? (error.location.isEmpty ? error.message : "\(error.location): \(error.message)")
      : error.description
  }

  /// `paths` with each folder replaced by its files (hidden ones left out), in name order;
  /// refused over `maximumFiles` before any is read.
  public static func expanded(_ paths: [String], maximum: Int = maximumFiles)
    throws(RecordFolderError) -> [String]
  {
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        files.append(path)
        continue
      }
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
        .filter { !$0.hasPrefix(".") }
      guard files.count + names.count <= maximum else {
        throw .tooManyFiles(path: path, count: files.count + names.count, maximum: maximum)
      }
      guard !names.isEmpty else { throw .emptyFolder(path) }
      let base = path.unicodeScalars.last == "/" ? path : path + "/"
      for name in names.sorted() {
        let file = base + name
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder),
          !isFolder.boolValue
        else { continue }
        files.append(file)
      }
    }
    guard files.count <= maximum else {
      throw .tooManyFiles(path: paths.joined(separator: " "), count: files.count, maximum: maximum)
    }
    return files
  }

  /// Files whose events lie more than `sessionGap` from every other file's and whose
  /// participants no other file names: another session's, sent beside this one. The group
  /// of files holding the most events is taken for the session.
  static func otherSessions(_ records: RecordSet) -> [RecordError] {
    var spans: [String: (first: Int64, last: Int64, count: Int, ids: Set<String>)] = [:]
    for event in records.events {
      let file = event.place.file
      var span = spans[file] ?? (event.time, event.time, 0, [])
      span.first = min(span.first, event.time)
      span.last = max(span.last, event.time)
      span.count += 1
      span.ids.insert(event.participantId)
      if let remote = event.remoteParticipantId { span.ids.insert(remote) }
      spans[file] = span
    }
    guard spans.count > 1 else { return [] }
    // Files in time order, grouped while each starts within the gap of the group's end.
    let ordered = spans.sorted { ($0.value.first, $0.key) < ($1.value.first, $1.key) }
    var groups: [[String]] = []
    var end = Int64.min
    for (file, span) in ordered {
      if groups.isEmpty
        || span.first.subtractingReportingOverflow(end).partialValue
          > sessionGap
      {
        groups.append([file])
      } else {
        groups[groups.count - 1].append(file)
      }
      end = max(end, span.last)
    }
    guard groups.count > 1 else { return [] }
    let size = { (group: [String]) in group.reduce(0) { $0 + (spans[$1]?.count ?? 0) } }
    guard let main = groups.indices.max(by: { size(groups[$0]) < size(groups[$1]) }) else {
      return []
    }
    let known = groups[main].reduce(into: Set<String>()) { $0.formUnion(spans[$1]?.ids ?? []) }
    let first = groups[main].compactMap { spans[$0]?.first }.min() ?? 0
    let last = groups[main].compactMap { spans[$0]?.last }.max() ?? 0
    var found: [RecordError] = []
    for (index, group) in groups.enumerated() where index != main {
      for file in group {
        guard let span = spans[file], span.ids.isDisjoint(with: known) else { continue }
        found.append(
          RecordError(
            file: file, location: "",
            message: "\(span.count) event(s) from \(RecordTime.iso8601(milliseconds: span.first))"
              + " to \(RecordTime.iso8601(milliseconds: span.last)), more than an hour from the"
              + " other records (\(RecordTime.iso8601(milliseconds: first)) to"
              + " \(RecordTime.iso8601(milliseconds: last))), of participants they never name:"
              + " another session? Leave the file out, add get-stage-session's output, or keep it"
              + " with --allow-other-sessions"))
      }
    }
    return found
  }
}

/// Why a folder as sent cannot be explained: every reason at once.
public enum RecordFolderError: Error, Equatable, CustomStringConvertible {
  /// The inputs name more files than `RecordFolder.maximumFiles`.
  case tooManyFiles(path: String, count: Int, maximum: Int)
  /// A folder with no files.
  case emptyFolder(String)
  /// Records of another stage or session, each named; and the files skipped.
  case otherSessions([RecordError], skipped: [RecordFolder.Skipped])
  /// No file holds records; each file's reason.
  case nothingUsable([RecordFolder.Skipped])

  /// Every reason, one a line.
  public var description: String {
    switch self {
    case .tooManyFiles(let path, let count, let maximum):
      return "\(path): \(count) files, more than the \(maximum) one run reads;"
        + " send the folder of one session"
    case .emptyFolder(let path): return "\(path) is a folder without files; name the record files"
    case .otherSessions(let errors, let skipped):
      let head =
        errors.count == 1
        ? "" : "\(errors.count) files hold records of another session:\n"
      return head
        + (errors.map(\.description) + skipped.map(\.description))
        .joined(separator: "\n")
    case .nothingUsable(let skipped):
      if skipped.count == 1, let only = skipped.first { return only.error }
      return "no file holds IVS records:\n"
        + skipped.map(\.description).joined(separator: "\n")
    }
  }
}
