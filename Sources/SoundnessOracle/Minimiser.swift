/// Cuts a folder that shows a violation down to the smallest folder that still shows it
/// (delta debugging): whole files first, then runs of events within each page and export,
/// halving the run until single events, then plain UTF-8 for every file. Each try is one
/// explain; `budget` bounds them.
public enum Minimiser {
  /// The smallest folder found for which `shows` still holds (`folder` itself must).
  public static func minimise(
    _ folder: RecordFolder, budget: Int = 600, shows: (RecordFolder) -> Bool
  ) -> RecordFolder {
    var current = folder
    var tries = 0
    func attempt(_ candidate: RecordFolder) -> Bool {
      guard tries < budget else { return false }
      tries += 1
      guard shows(candidate) else { return false }
      current = candidate
      return true
    }
    // Whole files.
    var index = 0
    while index < current.files.count {
      var files = current.files
      files.remove(at: index)
      if !attempt(RecordFolder(files: files)) { index += 1 }
    }
    // Runs of events within each file, halving.
    for fileIndex in current.files.indices {
      var run = max(1, current.files[fileIndex].eventCount / 2)
      while run >= 1 {
        var start = 0
        while start < current.files[fileIndex].eventCount {
          var file = current.files[fileIndex]
          for _ in 0..<min(run, file.eventCount - start) { file = file.droppingEvent(start) }
          var files = current.files
          files[fileIndex] = file
          if !attempt(RecordFolder(files: files)) { start += run }
        }
        run /= 2
      }
    }
    // Plain encodings.
    for fileIndex in current.files.indices where current.files[fileIndex].encoding != .utf8 {
      var files = current.files
      files[fileIndex].encoding = .utf8
      _ = attempt(RecordFolder(files: files))
    }
    return current
  }
}
