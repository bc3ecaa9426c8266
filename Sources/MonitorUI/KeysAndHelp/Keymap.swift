import TerminalKit

/// The single table of key bindings. Dispatch, the footer hints and the `?` help overlay all
/// read it, so what the screen promises is exactly what the keys do.
public struct Keymap: Sendable {
  /// Every binding, in the order help lists them.
  public let bindings: [KeyBinding]

  /// Creates a keymap from rows.
  public init(bindings: [KeyBinding]) { self.bindings = bindings }

  /// The action `key` runs in `situation`, if any; the first matching row wins.
  public func action(for key: Key, in situation: KeySituation) -> Action? {
    bindings.first { $0.keys.contains(key) && applies($0, in: situation) }?.action
  }

  /// The bindings that apply in `situation`, in table order (what the footer offers).
  public func active(in situation: KeySituation) -> [KeyBinding] {
    bindings.filter { applies($0, in: situation) }
  }

  /// Whether `binding` applies in `situation`.
  public func applies(_ binding: KeyBinding, in situation: KeySituation) -> Bool {
    guard contextMatches(binding.context, situation) else { return false }
    switch binding.condition {
    case .always: return true
    case .questionPending: return situation.questionPending
    case .questionLeftToKeys: return situation.questionLeftToKeys
    case .noQuestionLeftToKeys: return !situation.questionLeftToKeys
    }
  }

  private func contextMatches(_ context: KeyBinding.Context, _ situation: KeySituation) -> Bool {
    switch (context, situation.layer) {
    case (.global, .panes): return true
    case (.panes(let panes), .panes): return panes.contains(situation.focus)
    case (.help, .help), (.deck, .deck), (.input, .input): return true
    default: return false
    }
  }
}

extension Keymap {
  /// The monitor's keys.
  public static let standard = Keymap(bindings: paneBindings + overlayBindings)

  private static let notComposition: KeyBinding.Context = .panes([.participants, .detail, .log])

  private static let paneBindings: [KeyBinding] = [
    KeyBinding([.character("?")], .help, label: "help", help: "show this help (every key)"),
    KeyBinding(
      [.character("q")], .quit, label: "quit", help: "quit and restore the terminal"),
    KeyBinding([.tab], .focusNext, label: "pane", help: "focus the next pane"),
    KeyBinding(
      [.backTab], .focusPrevious, label: "pane", help: "focus the previous pane", inFooter: false),
    KeyBinding(
      [.up, .character("k")], .up, label: "up", help: "select the previous row / log line",
      inFooter: false),
    KeyBinding(
      [.down, .character("j")], .down, label: "select",
      help: "select the next row / log line (the newest follows new events)"),
    KeyBinding([.pageUp], .pageUp, label: "page up", help: "a page up", inFooter: false),
    KeyBinding([.pageDown], .pageDown, label: "page down", help: "a page down", inFooter: false),
    KeyBinding([.home], .top, label: "top", help: "first row / oldest log line", inFooter: false),
    KeyBinding(
      [.end], .bottom, label: "end", help: "last row / follow the newest log line",
      inFooter: false),
    KeyBinding(
      [.character("y")], .answerYes, label: "publish now",
      help: "answer the pending strategy question: yes, publish now", when: .questionPending),
    KeyBinding(
      [.character("n")], .answerNo, label: "not now",
      help: "answer the pending strategy question: no, wait", when: .questionLeftToKeys),
    KeyBinding(
      [.character("n")], .nextStep, label: "next step",
      help: "run the next scripted step of the scenario, also one that answers the question",
      when: .noQuestionLeftToKeys),
    KeyBinding(
      [.character("a")], .togglePlay, label: "play",
      help: "autoplay: play / pause the script (lingers at narration, stops at questions)"),
    KeyBinding(
      [.character("x")], .exchange, label: "swap token",
      help: "token deck: pick a token, see the claim diff and predicted outcome, Enter exchanges"),
    KeyBinding(
      [.character("p")], .togglePublish, label: "publish", help: "publish / unpublish"),
    KeyBinding([.character("J")], .toggleJoin, label: "join/leave", help: "join / leave the stage"),
    KeyBinding(
      [.character("R")], .reconnect, label: "reconnect",
      help: "leave and join again with the current token", inFooter: false),
    KeyBinding(
      [.character("D")], .networkDrop, label: "drop",
      help: "network drop: the SDK reconnects on its own with the current token (not leave+join)",
      inFooter: false),
    KeyBinding(
      [.character("m")], .toggleMute, label: "mute",
      help: "mute the selected publisher's audio+video (unmute when muted)",
      context: notComposition, inFooter: false),
    KeyBinding(
      [.character("+")], .startComposition, label: "add composition",
      help: "start another composition (the shown one's settings, the other update policy; max 5)",
      context: .panes([.composition])),
    KeyBinding(
      [.character("-")], .stopComposition, label: "stop composition",
      help: "stop the shown composition", context: .panes([.composition])),
    KeyBinding(
      [.character("r")], .refreshStrategy, label: "refresh",
      help: "refreshStrategy: re-ask the strategy, apply only what changed", inFooter: false),
    KeyBinding(
      [.character("v")], .cycleSDK, label: "sdk",
      help: "cycle the selected participant's SDK (ios/android 1.36↔1.37, web 1.32↔1.33)",
      context: notComposition),
    KeyBinding(
      [.character("v")], .cyclePolicy, label: "policy",
      help: "the shown composition's update policy: on-reconnect ↔ live (↑↓ choose one)",
      context: .panes([.composition])),
    KeyBinding(
      [.character("/")], .filter, label: "filter", help: "filter the log (live substring)"),
    KeyBinding(
      [.character(" ")], .togglePause, label: "pause",
      help: "pause / resume the log (shows N new while paused)"),
    KeyBinding(
      [.character("s")], .saveLog, label: "save",
      help: "save the log as JSON lines (no signatures)", inFooter: false),
    KeyBinding(
      [.character("A")], .captureExpectation, label: "assert",
      help: "record an assertion: the selected participant's state and what each observer believes"
        + " of it as expect steps, edited first (Enter adds them to the session, Esc cancels)",
      inFooter: false),
    KeyBinding(
      [.character("S")], .saveScenario, label: "save scenario",
      help: "save the session as a scenario (:save-scenario FILE); it replays headless exactly",
      inFooter: false),
    KeyBinding(
      [.character("b")], .stepBack, label: "back",
      help: "time travel: back to before the last step or action (:goto N, :restart); the steps"
        + " after it stay for forward until another step or action runs"),
    KeyBinding(
      [.character("f")], .stepForward, label: "forward",
      help: "time travel: forward again over a step gone back over (redo; :goto N forward too)",
      inFooter: false),
    KeyBinding(
      [.character("B")], .restart, label: "restart",
      help: "time travel: back to the opening (the demo: its stage live, before the story)",
      inFooter: false),
    KeyBinding(
      [.character("c")], .copy, label: "copy",
      help:
        "copy to the terminal's clipboard (OSC 52): the participant's token, the who-sees-what"
        + " table (detail), the selected log event as JSON, the composition"),
    KeyBinding([.character("t")], .nextTheme, label: "theme", help: "next theme", inFooter: false),
    KeyBinding(
      [.character("z")], .zoom, label: "zoom",
      help: "zoom the focused pane to the whole screen, z again goes back (Tab moves the zoom)",
      inFooter: false),
    KeyBinding(
      [.character("P")], .present, label: "present",
      help: "presenter mode: plain-language narration, the log hidden (--present, :present)",
      inFooter: false),
    KeyBinding(
      [.character("L")], .toggleLog, label: "log", help: "show / hide the event log",
      inFooter: false),
    KeyBinding(
      [.character("g")], .glossary, label: "glossary",
      help: "glossary: stage, participant, token, claim, capability… in plain language",
      inFooter: false),
    KeyBinding(
      [.character("w")], .rule, label: "why",
      help: "why: the IVS rule behind the selection, its statement and source: the selected log"
        + " line's, the STALE who-sees-what rows' of the selected participant, the composition's"
        + " update policy (:rule ID opens any rule)",
      inFooter: false),
    KeyBinding(
      [.character(":")], .commandLine, label: "command",
      help: "command line: :publish guest, :exchange guest grant-publish, :theme light, :quit"),
    KeyBinding(
      [.escape], .close, label: "clear", help: "clear the status message and the log filter",
      inFooter: false),
  ]

  private static let overlayBindings: [KeyBinding] = [
    KeyBinding([.up, .character("k")], .up, label: "up", help: "previous token", context: .deck),
    KeyBinding(
      [.down, .character("j")], .down, label: "choose", help: "next token", context: .deck),
    KeyBinding(
      [.pageUp], .pageUp, label: "page up", help: "a page of tokens up", context: .deck,
      inFooter: false),
    KeyBinding(
      [.pageDown], .pageDown, label: "page down", help: "a page of tokens down", context: .deck,
      inFooter: false),
    KeyBinding(
      [.home], .top, label: "first", help: "the first token", context: .deck, inFooter: false),
    KeyBinding(
      [.end], .bottom, label: "last", help: "the last token", context: .deck, inFooter: false),
    KeyBinding(
      [.enter], .confirm, label: "exchange",
      help: "exchangeToken with the highlighted token (asks for a value first where needed)",
      context: .deck),
    KeyBinding(
      [.escape, .character("q")], .close, label: "cancel", help: "close the deck",
      context: .deck),
    KeyBinding([.up, .character("k")], .up, label: "scroll", help: "scroll up", context: .help),
    KeyBinding(
      [.down, .character("j")], .down, label: "scroll", help: "scroll down", context: .help,
      inFooter: false),
    KeyBinding(
      [.pageUp], .pageUp, label: "page up", help: "a page up", context: .help, inFooter: false),
    KeyBinding(
      [.pageDown], .pageDown, label: "page down", help: "a page down", context: .help,
      inFooter: false),
    KeyBinding(
      [.home], .top, label: "top", help: "the first line", context: .help, inFooter: false),
    KeyBinding(
      [.end], .bottom, label: "end", help: "the last line (the assumptions)", context: .help,
      inFooter: false),
    KeyBinding(
      [.escape, .character("?"), .character("q"), .character("g"), .character("w")], .close,
      label: "close", help: "close the help (the glossary, the rules)", context: .help),
    KeyBinding([.enter], .confirm, label: "run", help: "accept the typed text", context: .input),
    KeyBinding(
      [.escape], .close, label: "cancel", help: "cancel typing (the filter stays as typed)",
      context: .input),
  ]
}
