import StageEngine

/// The recorded lines of an imported scenario arrive from `RecordAlignment` after the first
/// frame: until then the message line says so, and the log has no recorded lines.
extension AppController {
  /// The status line while the records are being aligned.
  static let aligningText = "aligning the records with the model…"

  /// Takes the alignment's lines once it has finished: the lines before the model's clock
  /// go into the log at once (the log then reads as if they had been there from the start
  /// of the steps run since), and the message line's notice goes.
  func takeFinishedAlignment() {
    guard let result = alignment?.finished else { return }
    alignment = nil
    let aligning = state.status?.text.hasPrefix(Self.aligningText) == true
    switch result {
    case .success(var lines):
      // Every model event so far is in the log: the lines of the current second come too.
      let due = lines.release(upTo: stage.clock.now, shownSeq: stage.nextEventSeq - 1)
      recordedLines = lines
      keepingLogSelection { for line in due { state.log.append(line) } }
      if aligning { state.status = nil }
    case .failure(let error):
      state.status = StatusMessage(
        "the records could not be aligned: \(error.description)", kind: .error)
    }
  }

  /// Waits for the alignment and shows its lines (tests, which must not race the thread).
  public func waitForAlignment() {
    guard let alignment else { return }
    _ = alignment.wait()
    refresh()
  }
}
