/// Every user action by name. Keys map to actions through `Keymap`; the `:` command line
/// maps words to the same actions, so both ways of driving the monitor do the same thing.
public enum Action: String, CaseIterable, Sendable {
  /// Show or hide the help overlay.
  case help
  /// Leave the monitor, restoring the terminal.
  case quit
  /// Move focus to the next pane.
  case focusNext = "focus-next"
  /// Move focus to the previous pane.
  case focusPrevious = "focus-previous"
  /// Zoom the focused pane to the whole screen, or back (as tmux and lazygit do).
  case zoom
  /// Presenter mode on or off: plain-language narration, the log hidden (`--present`).
  case present
  /// Show or hide the event log (presenter mode hides it).
  case toggleLog = "log"
  /// The glossary of the words on screen (stage, token, claim…), in plain language.
  case glossary
  /// The rules of the book behind the selection (its statement and source): the selected log
  /// line's, the who-sees-what rows' of the selected participant, the shown composition's.
  case rule
  /// Select the previous row (or scroll up).
  case up
  /// Select the next row (or scroll down).
  case down
  /// Move a page up.
  case pageUp = "page-up"
  /// Move a page down.
  case pageDown = "page-down"
  /// Jump to the first row (log: the oldest line).
  case top
  /// Jump to the last row (log: follow the newest line).
  case bottom
  /// Open the token deck for the selected participant (exchangeToken).
  case exchange
  /// Publish or unpublish the selected participant.
  case togglePublish = "toggle-publish"
  /// Join or leave with the selected participant.
  case toggleJoin = "toggle-join"
  /// Leave and join again with the current token.
  case reconnect
  /// Mute the selected publisher's streams, or unmute them when any is muted.
  case toggleMute = "mute"
  /// The selected participant's network drops; its SDK reconnects on its own.
  case networkDrop = "drop"
  /// Start another composition (copy of the shown one with the other update policy).
  case startComposition = "start-composition"
  /// Stop the composition shown in the composition pane.
  case stopComposition = "stop-composition"
  /// Re-ask the selected participant's strategy.
  case refreshStrategy = "refresh"
  /// Answer a pending `ask` publish question with yes.
  case answerYes = "yes"
  /// Answer a pending `ask` publish question with no.
  case answerNo = "no"
  /// Run the next scripted step of the scenario.
  case nextStep = "next"
  /// Start or pause playing the script by itself (autoplay for demos).
  case togglePlay = "play"
  /// Cycle the selected participant's SDK profile.
  case cycleSDK = "sdk"
  /// Cycle the composition's update policy.
  case cyclePolicy = "policy"
  /// Edit the live log filter.
  case filter
  /// Pause or resume the log.
  case togglePause = "pause"
  /// Save the log as JSON lines.
  case saveLog = "save"
  /// Save the session as a scenario file that replays headless to the same stream.
  case saveScenario = "save-scenario"
  /// Record an assertion: the selected participant's state and each observer's belief of it
  /// as `expect` steps, edited first, then added to the session.
  case captureExpectation = "expect"
  /// Go back to the state before the last step or action (time travel; `:goto N`, `:restart`).
  case stepBack = "back"
  /// Go back to the start of the run (time travel).
  case restart
  /// Go forward again over a step travelled back over (redo), until another step runs there.
  case stepForward = "forward"
  /// Copy the focused pane's selected thing to the terminal's clipboard (OSC 52).
  case copy
  /// Switch to the next theme.
  case nextTheme = "theme"
  /// Open the `:` command line.
  case commandLine = "command"
  /// Close the overlay or input (deck, help, filter, command line).
  case close
  /// Confirm the highlighted choice (deck: exchange the token).
  case confirm
}
