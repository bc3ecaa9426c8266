import StageEngine
import TerminalKit

/// The help overlay's lines: every binding of the keymap (with where and when it applies),
/// the `:` commands, the event legend and the model's assumptions, labelled as such.
public enum HelpContent {
  /// All lines, top to bottom; an imported scenario's `notes` come first.
  public static func lines(
    _ keymap: Keymap, ascii: Bool, notes: [String] = [], keyProblems: [KeyFile.Problem] = []
  ) -> [[Span]] {
    var lines: [[Span]] = importNotes(notes) + keyFileSection(keyProblems)
    let actionWidth = keymap.bindings.map { $0.action.rawValue.count }.max() ?? 0
    let story = keymap.bindings.filter { storyActions.contains($0.action) && $0.context == .global }
    let others = keymap.bindings.filter {
      !(storyActions.contains($0.action) && $0.context == .global)
    }
    lines += [
      [
        Span("Telling the story", .title),
        Span("  the demo's keys first — rebind by action in keys.conf (docs/KEYS.md)", .muted),
      ]
    ]
    lines += story.map { keyLine($0, ascii: ascii, actionWidth: actionWidth) }
    lines += [[], [Span("Every other key", .title), Span("  key, action, what it does", .muted)]]
    lines += others.map { keyLine($0, ascii: ascii, actionWidth: actionWidth) }
    lines += legends(ascii: ascii)
    return lines
  }

  /// The keys a presenter tells the story with, listed first.
  static let storyActions: Set<Action> = [
    .nextStep, .answerYes, .answerNo, .togglePlay, .stepBack, .stepForward, .restart, .present,
    .glossary, .zoom, .toggleLog, .quit, .help,
  ]

  private static func keyLine(_ binding: KeyBinding, ascii: Bool, actionWidth: Int) -> [Span] {
    [
      Span("  " + Span.fit(binding.keyLabel(ascii: ascii), 12), .accent),
      Span(
        binding.action.rawValue.padding(toLength: actionWidth + 1, withPad: " ", startingAt: 0),
        .muted),
      Span(binding.help),
      Span(binding.qualifier.map { "  (\($0))" } ?? "", .muted),
    ]
  }

  /// The commands, the event symbols, the colours, the composition's rule and the assumptions.
  private static func legends(ascii: Bool) -> [[Span]] {
    var lines: [[Span]] = [[]]
    lines.append([Span("Commands (:)", .title), Span("  Tab completes", .muted)])
    for (_, usage) in CommandCatalog.usages {
      lines.append([Span("  :" + usage, .accent)])
    }
    lines.append([])
    lines.append([Span("Event symbols", .title)])
    for kind in legendKinds {
      let category = EventCategory.of(kind)
      lines.append([
        Span("  " + category.symbol(ascii: ascii) + " ", category.role), Span(label(kind)),
      ])
    }
    lines.append([
      Span(ascii ? "  R " : "  ◆ ", .recorded),
      Span("recorded (the customer's records; \"= model seq N\" is its model event)"),
    ])
    lines.append([
      Span(ascii ? "  x " : "  ✗ ", .warning),
      Span("DIVERGES: recorded without model event, or modelled without record"),
    ])
    lines.append([])
    lines.append([Span("Colours", .title), Span("  each means one thing in every pane", .muted)])
    for (role, sample, meaning) in colourLegend {
      lines.append([Span("  "), Span(sample, role), Span("  " + meaning)])
    }
    lines.append([])
    lines.append([Span("Composition updates", .title)])
    for fact in Assumptions.compositionToday {
      lines.append([Span("  " + fact)])
    }
    lines.append([])
    lines.append([
      Span("Assumptions", .warning, attributes: .bold),
      Span("  (model behaviour where the IVS docs are silent; not IVS fact)", .muted),
    ])
    for assumption in Assumptions.all {
      lines.append([Span("  assumption: ", .warning), Span(assumption)])
    }
    return lines
  }

  /// The keys.conf lines that could not be used: file:line, what is wrong and what was kept.
  private static func keyFileSection(_ problems: [KeyFile.Problem]) -> [[Span]] {
    guard !problems.isEmpty else { return [] }
    let count = problems.count == 1 ? "1 line" : "\(problems.count) lines"
    return [
      [
        Span("keys.conf", .warning, attributes: .bold),
        Span("  \(count) not used; the rest of the file applies", .muted),
      ]
    ]
      + problems.map { problem in
        [Span("  \(problem.file):\(problem.line): ", .accent), Span(problem.message)]
      } + [[]]
  }

  private static func importNotes(_ notes: [String]) -> [[Span]] {
    guard !notes.isEmpty else { return [] }
    return [[Span("Import notes", .title), Span("  (what the import guessed and chose)", .muted)]]
      + notes.map { [Span("  " + $0)] } + [[]]
  }

  /// What each colour of the panes means: one meaning per role.
  static let colourLegend: [(ThemeRole, String, String)] = [
    (.publish, "published / P ", "broadcasting, or allowed to (publish)"),
    (.subscribe, "-S           ", "allowed to watch (subscribe)"),
    (.muted, "—            ", "nothing / not publishing, secondary words"),
    (.success, "current      ", "up to date, connected"),
    (.stale, " STALE       ", "shows old details; also an expired token still connected"),
    (.warning, "attempting   ", "needs attention: a question, a guess, connecting"),
    (.error, "REFUSED      ", "refused or failed"),
    (.accent, "▶ n:         ", "what keys select and do"),
  ]

  private static let legendKinds: [EventKind] = [
    .participantJoined, .participantLeft, .publishStateChanged, .subscribeStateChanged,
    .streamsAdded, .participantMetadataUpdated, .connectionStateChanged, .error, .shouldPublish,
    .layoutChanged, .step,
  ]

  private static func label(_ kind: EventKind) -> String {
    switch kind {
    case .participantJoined: return "joined (renderer participantJoined, server JOINED)"
    case .participantLeft: return "left"
    case .publishStateChanged: return "publish state (PUBLISH_STARTED/STOPPED)"
    case .subscribeStateChanged: return "subscribe state (SUBSCRIBE_STARTED/STOPPED)"
    case .streamsAdded: return "streams added/removed"
    case .participantMetadataUpdated: return "metadata, TOKEN_EXCHANGED, exchange accepted"
    case .connectionStateChanged: return "connection state"
    case .error: return "errors, rejected exchanges"
    case .shouldPublish: return "strategy questions"
    case .layoutChanged: return "composition layout changed"
    default: return "runner step (scripted or UI action)"
    }
  }
}
