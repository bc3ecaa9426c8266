/// Cuts a folder that shows a violation down to the smallest folder that still shows it
/// (delta debugging) without hiding what is missing from explain: whole files and whole
/// participants first, oldest pages (a newer page's `nextToken` then tells they are missing),
/// then runs of EventBridge deliveries halving to single ones, then plain UTF-8 for every
/// file. Each try is one explain; `budget` bounds them.
public enum Minimiser {
  /// The smallest folder found for which `shows` still holds (`folder` itself must).
  public static func minimise(
    _ folder: RenderedFolder, budget: Int = 600, shows: (RenderedFolder) -> Bool
  ) -> RenderedFolder {
    var current = folder
    var tries = 0
    func attempt(_ candidate: RenderedFolder) -> Bool {
      guard tries < budget else { return false }
      tries += 1
      guard shows(candidate) else { return false }
      current = candidate
      return true
    }
    // Whole files, and whole participants' pages, except pages alone: a page left out
    // without trace (a newer page, whose absence no `nextToken` shows) would make a folder
    // in which explain cannot know what it misses. The oldest page of a participant goes
    // only when a newer one remains, whose `nextToken` then says a page is missing.
    // Until a pass removes nothing: a page that was not the oldest may be by then.
    var index = 0
    while index < current.files.count {
      if attempt(RenderedFolder(files: Self.without(index, current.files))) {
        index = 0
      } else {
        index += 1
      }
    }
    // Runs of EventBridge deliveries, halving (each stands alone: its loss is no trace).
    for fileIndex in current.files.indices where current.files[fileIndex].kind == .eventBridge {
      var run = max(1, current.files[fileIndex].eventCount / 2)
      while run >= 1 {
        var start = 0
        while start < current.files[fileIndex].eventCount {
          var file = current.files[fileIndex]
          for _ in 0..<min(run, file.eventCount - start) { file = file.droppingEvent(start) }
          var files = current.files
          files[fileIndex] = file
          if !attempt(RenderedFolder(files: files)) { start += run }
        }
        run /= 2
      }
    }
    // Plain encodings.
    for fileIndex in current.files.indices where current.files[fileIndex].encoding != .utf8 {
      var files = current.files
      files[fileIndex].encoding = .utf8
      _ = attempt(RenderedFolder(files: files))
    }
    return current
  }

  /// `files` without the file at `index`: for a page, the page when it is its participant's
  /// oldest of several, else all of that participant's pages.
  static func without(_ index: Int, _ files: [RenderedFolder.File]) -> [RenderedFolder.File] {
    var files = files
    let file = files[index]
    guard file.kind == .events else {
      files.remove(at: index)
      return files
    }
    let owner = owner(file)
    let pages = files.indices.filter { files[$0].kind == .events && Self.owner(files[$0]) == owner }
    let oldest = pages.max { page(files[$0]) < page(files[$1]) }
    if pages.count > 1, oldest == index {
      files.remove(at: index)
    } else {
      files.removeAll { $0.kind == .events && Self.owner($0) == owner }
    }
    return files
  }

  /// The participant a page belongs to (`ID.events…json`).
  static func owner(_ file: RenderedFolder.File) -> String {
    file.name.split(separator: ".").first.map(String.init) ?? file.name
  }

  /// A page's number (`ID.events.json` 1, `ID.events.page3.json` 3).
  static func page(_ file: RenderedFolder.File) -> Int {
    guard let range = file.name.range(of: ".page") else { return 1 }
    return Int(file.name[range.upperBound...].prefix { $0.isNumber }) ?? 1
  }
}
