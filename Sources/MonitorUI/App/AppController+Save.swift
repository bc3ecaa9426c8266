extension AppController {
  /// `s`: saves the lines the log shows (filter applied) and says where.
  func saveLog() {
    let lines = state.log.visibleLines()
    do {
      let (path, events) = try LogSaver.save(
        lines, directory: options.saveDirectory, stageID: state.stageID,
        time: state.snapshot.time)
      let filtered = state.log.filter.isEmpty ? "" : " matching \"\(state.log.filter)\""
      report("saved \(events) events\(filtered) to \(path)", .success)
    } catch {
      report(error.description, .error)
    }
  }
}
