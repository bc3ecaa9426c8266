import IVSRecords
import StageEngine
import TerminalKit

/// The customer's recorded events of an imported scenario as log lines, aligned with the
/// model by IVSRecords' comparison (one matcher for `explain` and the UI), released into the
/// log as the model's clock reaches them so the log reads like a side-by-side.
///
/// The alignment is computed once, on opening (on a second thread: `RecordAlignment`), from a
/// headless run of the same scenario: it says what the scenario's own steps produce, not what
/// the user adds by hand.
public struct RecordedLines: Sendable {
  /// How far apart a recorded and a modelled event may be and still match (as `explain`).
  public static let defaultToleranceSeconds: Int64 = 5
  private var lines: [(second: Int64, seq: Int, line: LogLine)]
  private var released = 0
  /// The newest model event the log has shown.
  private var shownSeq = 0

  /// Lines of `comparison`, in time order.
  public init(_ comparison: RecordComparison) {
    lines = comparison.entries.map { entry in
      (
        Self.second(of: entry), entry.modelled?.seq ?? 0,
        Self.line(entry, comparison.toleranceSeconds)
      )
    }
  }

  /// Runs `scenario` headless and aligns its `recorded` events; nil without `recorded`.
  public static func aligning(_ scenario: Scenario, file: String) throws(ScenarioError)
    -> RecordedLines?
  {
    guard scenario.recorded != nil else { return nil }
    let session: ImportedSession
    do {
      session = try RecordImporter.session(fromScenario: scenario, file: file)
    } catch {
      throw ScenarioError(file: file, location: "recorded", message: error.message)
    }
    return RecordedLines(
      try RecordComparison.run(session, file: file, toleranceSeconds: defaultToleranceSeconds))
  }

  /// The lines whose time the model's clock (`now`, Unix seconds) has passed, once each; in
  /// the current second, a line with a model event waits until the log showed it (`shownSeq`
  /// is the newest model event shown), so it sits right below its counterpart.
  public mutating func release(upTo now: Int64, shownSeq: Int) -> [LogLine] {
    self.shownSeq = max(self.shownSeq, shownSeq)
    var due: [LogLine] = []
    while released < lines.count,
      lines[released].second < now
        || (lines[released].second == now && lines[released].seq <= self.shownSeq)
    {
      due.append(lines[released].line)
      released += 1
    }
    return due
  }

  /// Adds events that arrived after the alignment (`attach` following the records): not
  /// compared with the model (the comparison is of the whole run), so they say so; each is
  /// released once the model's clock reaches its second. A late one goes after the lines of
  /// its second, so the lines stay in time order.
  public mutating func append(_ events: [RecordedEvent]) {
    let category = EventCategory(role: .recorded, symbol: "◆", asciiSymbol: "R")
    for event in events {
      let about = [event.participantId] + (event.remoteParticipantId.map { ["remote=\($0)"] } ?? [])
      let line = LogLine(
        second: event.second, source: "recorded", sourceRole: .recorded, name: event.name,
        subject: (about + ["(live: not compared)"]).joined(separator: " "), category: category)
      let place = lines.lastIndex { $0.second <= event.second }.map { $0 + 1 } ?? 0
      lines.insert((event.second, 0, line), at: place)
    }
  }

  /// After time travel to `now` (Unix seconds) in either direction: every line the clock has
  /// passed, as stepping there would have released them (those of `now` whose model event
  /// the log shows, `shownSeq`, included); the later ones come as the model reaches them.
  public mutating func replay(upTo now: Int64, shownSeq: Int) -> [LogLine] {
    released = 0
    self.shownSeq = 0
    return release(upTo: now, shownSeq: shownSeq)
  }

  /// The recorded event's second, else the model event's.
  private static func second(of entry: RecordComparison.Entry) -> Int64 {
    entry.recorded?.second ?? entry.modelled?.time ?? 0
  }

  /// The recorded event, or the model's event the records lack, with the verdict: lines
  /// that disagree say `DIVERGES` (the filter finds them) and carry the warning mark.
  static func line(_ entry: RecordComparison.Entry, _ tolerance: Int64) -> LogLine {
    let agrees = EventCategory(role: .recorded, symbol: "◆", asciiSymbol: "R")
    let diverges = EventCategory(role: .warning, symbol: "✗", asciiSymbol: "x")
    let second = Self.second(of: entry)
    guard let recorded = entry.recorded else {
      let event = entry.modelled
      let about = [event?.participant, event?.remoteParticipantId.map { "remote=\($0)" }]
      return LogLine(
        second: second, source: "recorded", sourceRole: .recorded,
        name: event?.kind.rawValue ?? "",
        subject: (about.compactMap { $0 } + [
          "DIVERGES: modelled (seq \(event?.seq ?? 0)), not in the records"
        ])
        .joined(separator: " "), category: diverges)
    }
    var parts = [recorded.participantId]
    if let remote = recorded.remoteParticipantId { parts.append("remote=\(remote)") }
    if let code = recorded.errorCode { parts.append(code) }
    switch entry.status {
    case .reproduced: parts.append("= model seq \(entry.modelled?.seq ?? 0)")
    case .missingInModel: parts.append("DIVERGES: no model event within \(tolerance)s")
    case .outsideModel, .missingInRecords: parts.append("(not simulated)")
    }
    return LogLine(
      second: second, source: "recorded", sourceRole: .recorded, name: recorded.name,
      subject: parts.joined(separator: " "),
      category: entry.status == .missingInModel ? diverges : agrees)
  }
}
