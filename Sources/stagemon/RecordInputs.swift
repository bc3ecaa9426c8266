import Foundation
import IVSRecords
import InputKit
import StageEngine

/// The inputs `import` and `explain` share: record files in any mix and the
/// `--sdk` / `--observer` additions, read into a `RecordSet`.
struct RecordInputs {
  let files: [String]
  let options: ImportOptions
  /// `--allow-other-sessions`: keep records of another stage or session, or outside the
  /// session's times, with a note, instead of refusing them.
  let allowsOtherSessions: Bool

  /// Record files or folders read as they are (`explain --stage` passes what it fetched).
  init(files: [String], options: ImportOptions, allowsOtherSessions: Bool) {
    self.files = files
    self.options = options
    self.allowsOtherSessions = allowsOtherSessions
  }

  /// Runs `parse`, so a bad `--sdk` or `--observer` reads as the usage error every command
  /// reports (`attach` parses its own `--sdk` through this too).
  static func usageErrors(_ parse: () throws -> Void) throws(UsageError) {
    do {
      try parse()
    } catch let error as ImportUsageError {
      throw UsageError(error.message)
    } catch let error as UsageError {
      throw error
    } catch {
      throw UsageError("\(error)")
    }
  }

  /// Parses `[--sdk ID=PLATFORM@VERSION]… [--observer ID=PLATFORM@VERSION]… FILE…`.
  init(_ arguments: inout Arguments, command: String, filesRequired: Bool = true)
    throws(UsageError)
  {
    var options = ImportOptions()
    try Self.usageErrors {
      for text in try arguments.options("--sdk") {
        options.sdks += try ImportOptions.assignments(text, option: "--sdk")
      }
      for text in try arguments.options("--observer") {
        options.observers.append(try ImportOptions.assignment(text, option: "--observer"))
      }
    }
    allowsOtherSessions = arguments.flag("--allow-other-sessions")
    var files: [String] = []
    while let file = arguments.positional() { files.append(file) }
    guard !files.isEmpty || !filesRequired else {
      throw UsageError("\(command) needs at least one record file")
    }
    self.files = files
    self.options = options
  }

  /// Reads every file into one record set (a directory: its files, in name order): every
  /// usable file is read, the others skipped with a note (`RecordFolder`).
  func read() throws -> RecordSet {
    try read(Self.expanded(files))
  }

  /// Reads `files` (already expanded) into one record set, each streamed from its path
  /// (at most `BoundedInput.Limit.records` bytes), checked against the session's bounds.
  func read(_ files: [String]) throws -> RecordSet {
    try RecordFolder.read(files, allowsOtherSessions: allowsOtherSessions).records
  }

  /// The bytes of `file` when it may be a scenario made by `import` (at most
  /// `Scenario.maximumFileBytes`; a pipe is read whole, as it can be read only once) and whether
  /// it can be read again, else nil: a larger file is records, streamed from its path.
  static func scenarioCandidate(_ file: String) throws -> (bytes: [UInt8], rereadable: Bool)? {
    do {
      let chunks = try BoundedInput.Chunks(
        atPath: file, limit: BoundedInput.Limit.records, allowingUTF16: true)
      guard (chunks.regularFileSize ?? 0) <= Scenario.maximumFileBytes else { return nil }
      return (try chunks.readAll(), chunks.regularFileSize != nil)
    } catch {
      throw UnreadableInput(cause: error)
    }
  }

  /// The record set in files already read, checked against the session's bounds.
  func records(_ contents: [[UInt8]], files: [String]) throws -> RecordSet {
    var records = RecordSet()
    records.allowsOtherSessions = allowsOtherSessions
    for (bytes, file) in zip(contents, files) {
      try records.read(bytes: bytes, file: file)
    }
    try records.checkSessionBounds()
    return records
  }

  /// `paths` with each directory replaced by its files, in name order (a customer's folder
  /// as sent), refused over `RecordFolder.maximumFiles` before any is read.
  static func expanded(_ paths: [String]) throws -> [String] {
    try RecordFolder.expanded(paths)
  }

  /// The issues, guesses and contradictions of an import, as stderr lines.
  static func warnings(_ session: ImportedSession) -> [String] {
    var lines = session.issues.map { "warning: \($0)" }
    if !session.guessedSDKs.isEmpty {
      lines.append(
        "warning: SDK not stated for "
          + session.guessedSDKs.map { Excerpt.of(String($0.prefix { $0 != ":" })) }
          .joined(separator: ", ")
          + " — verdicts that depend on it are given as ranges; give the real ones with"
          + " --sdk ID=PLATFORM@VERSION")
    }
    lines += session.findings.map { "finding: \($0)" }
    lines += session.incompleteness.map { "incomplete: \($0)" }
    lines += session.divergences.map { "divergence: \($0)" }
    return lines
  }
}
