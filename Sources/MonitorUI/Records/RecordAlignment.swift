import Foundation
import IVSRecords
import StageEngine

/// An imported scenario's recorded events being aligned on a second thread while the monitor
/// opens. Aligning is a headless run of the whole scenario (a second on a long record), and
/// the first frame must not wait for it: the monitor opens on the model at once and the
/// controller shows the recorded lines when they are ready (`AppController.takeFinishedAlignment`).
/// Only when they appear changes: the lines are those aligning in line makes.
///
/// `@unchecked Sendable`: `wait()` blocks until the result is in, which needs a condition
/// variable (`Synchronization.Mutex` has none), so `condition` guards `result` by hand: it is
/// touched only while `condition` is locked, as in `EventBatchPipeline`.
public final class RecordAlignment: @unchecked Sendable {
  private let condition = NSCondition()
  private var result: Result<RecordedLines, ScenarioError>?

  /// Starts `work` on its own thread.
  init(work: @escaping @Sendable () throws(ScenarioError) -> RecordedLines) {
    let thread = Thread { [self] in
      let outcome = Result { () throws(ScenarioError) in try work() }
      condition.lock()
      result = outcome
      condition.broadcast()
      condition.unlock()
    }
    thread.start()
  }

  /// Starts aligning `scenario`'s recorded events; nil when it has none. Reading the records
  /// goes to the second thread too (it costs as much as parsing the file): a broken
  /// `recorded` array is then reported on the status line, and the model opens regardless.
  public static func start(_ scenario: Scenario, file: String) -> RecordAlignment? {
    guard scenario.recorded != nil else { return nil }
    return RecordAlignment { () throws(ScenarioError) in
      guard let lines = try RecordedLines.aligning(scenario, file: file) else {
        throw ScenarioError(file: file, location: "recorded", message: "no recorded events")
      }
      return lines
    }
  }

  /// The lines, or the run's error, once the alignment has finished; nil before (never waits).
  public var finished: Result<RecordedLines, ScenarioError>? {
    condition.lock()
    defer { condition.unlock() }
    return result
  }

  /// Waits until the alignment has finished (tests, and callers that need the lines now).
  public func wait() -> Result<RecordedLines, ScenarioError> {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let result { return result }
      condition.wait()
    }
  }
}
