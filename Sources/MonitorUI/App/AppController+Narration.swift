import StageEngine

/// The narration: the story's own place on screen. Running the script writes what the step
/// showed; travelling through the script and switching the voice (presenter mode) write what
/// the step now reached showed; nothing else touches it.
extension AppController {
  /// Narrates the script's step at `index` that just ran as `summary` (its words in the voice
  /// the screen speaks; a step without a note says its summary), numbered by its place in the
  /// session as the header counts it.
  func narrate(step index: Int, summary: String, note: Bool = true) {
    let number = state.runner.sessionStep(ofScriptStep: index + 1) ?? index + 1
    let counter = "step \(number)/\(state.script.sessionTotal): "
    if state.screenMode.presenting, note, let plain = state.presenterStory?.notes[index] {
      state.narration = Narration(counter + plain)
      return
    }
    let words = note ? state.story.notes[index].map { " — \($0)" } ?? "" : ""
    state.narration = Narration(counter + summary + words)
  }

  /// Narrates where the script stands: the opening before the story's first step, else what
  /// the last scripted step showed.
  func narrateScriptPosition() {
    let done = state.script.done
    let steps = state.runner.scenario.steps
    guard done > state.openingStep, done <= steps.count else {
      state.narration = state.voice.opening.map { Narration($0) }
      return
    }
    narrate(step: done - 1, summary: steps[done - 1].summary)
  }
}
