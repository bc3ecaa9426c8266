import Foundation
import StageEngine

/// Saving the session as a scenario (`:save-scenario [FILE]`, `S`). Every action the UI takes
/// runs as a scenario step through the runner, which keeps them in order (`history`), so the
/// saved file replays headless to the same stream, whatever key, paste or command caused them.
extension AppController {
  /// Saves to `file`, or to a fresh name in the save directory; an existing file is replaced
  /// only after the person at the keyboard says yes.
  func saveScenario(_ file: String?) {
    let path =
      file.map { ($0 as NSString).expandingTildeInPath }
      ?? ScenarioSaver.freshPath(
        directory: options.saveDirectory, stageID: state.stageID, time: state.snapshot.time)
    saveScenario(to: path, overwrite: false)
  }

  /// Writes the file; asks before replacing one (`y` + Enter confirms).
  func saveScenario(to path: String, overwrite: Bool) {
    do {
      let saved = try ScenarioSaver.save(state.runner, to: path, overwrite: overwrite)
      let key = saved.keyPath.map { " and its key to \($0) (0600)" } ?? ""
      report(
        "saved \(state.runner.history.count) steps to \(saved.path)\(key); replay: stagemon run "
          + "\(saved.path) --headless", .success)
    } catch  where error.needsConfirmation {
      state.input = InputLine(.overwrite(path))
      report("\(error.path) exists: type y and Enter to overwrite it, Esc keeps it", .warning)
    } catch {
      report(error.description, .error)
    }
  }
}
