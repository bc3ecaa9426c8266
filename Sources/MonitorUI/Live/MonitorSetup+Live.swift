import IVSRecords
import StageEngine

extension MonitorSetup {
  /// `attach`'s setup from the records read so far, imported as `stagemon import` would;
  /// participants whose SDK the records did not state are marked. `name` names the session in
  /// messages. No step has run: `AppController.followRecords` runs them, so each recorded
  /// event sits below its model counterpart in the log.
  public static func live(_ records: RecordSet, name: String, imports: ImportOptions) throws
    -> MonitorSetup
  {
    try live(LiveImport(records: records, options: imports).session, name: name)
  }

  /// `attach`'s setup from an imported session (`LiveImport.session`).
  public static func live(_ session: ImportedSession, name: String) throws -> MonitorSetup {
    let scenario = session.scenario
    var setup = try MonitorSetup(
      scenario: scenario, file: name, prepared: PreparedToken.fromSteps(of: scenario))
    setup.importNotes = scenario.notes
    setup.recorded = try RecordedLines.aligning(scenario, file: name)
    setup.sdkGuesses = SDKGuesses(
      Dictionary(
        session.sdks.filter { $0.source == .guessed || $0.source == .unknown }.map {
          ($0.id, $0.source.rawValue)
        }, uniquingKeysWith: { first, _ in first }))
    let observers = Set(session.observers)
    setup.unreadEvents = Set(
      scenario.participants.lazy.map(\.id).filter {
        !session.covered.contains($0) && !observers.contains($0)
      })
    return setup
  }
}
