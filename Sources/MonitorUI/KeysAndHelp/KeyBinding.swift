import TerminalKit

/// One row of the keymap: which keys, which action, and the words the footer and the help
/// overlay show for it. Both are generated from these rows so they can never disagree.
public struct KeyBinding: Sendable {
  /// Where a binding applies.
  public enum Context: Hashable, Sendable {
    /// Anywhere, when no overlay is open.
    case global
    /// Only when one of these panes has focus (and no overlay is open).
    case panes([Pane])
    /// Inside the help overlay.
    case help
    /// Inside the token deck.
    case deck
    /// While typing into an input line (filter, command line, deck value).
    case input
  }

  /// A state the stage must be in for the binding to apply.
  public enum Condition: Sendable {
    /// Always.
    case always
    /// A strategy question is waiting for the person at the keyboard.
    case questionPending
    /// A question is waiting and the script's next step does not answer it: only the keys
    /// answer it (and the status line shows it with the keys that do).
    case questionLeftToKeys
    /// No question is left to the keys: none is waiting, or the script's next step answers it.
    case noQuestionLeftToKeys
  }

  /// The keys that trigger it; the first is the one hints name first.
  public let keys: [Key]
  /// The action run.
  public let action: Action
  /// A one- or two-word label for the footer, e.g. "exchange".
  public let label: String
  /// A sentence for the help overlay.
  public let help: String
  /// Where it applies.
  public let context: Context
  /// When it applies.
  public let condition: Condition
  /// Whether the footer offers it (rare keys live only in the help overlay).
  public let inFooter: Bool

  /// Creates a binding.
  public init(
    _ keys: [Key], _ action: Action, label: String, help: String, context: Context = .global,
    when condition: Condition = .always, inFooter: Bool = true
  ) {
    self.keys = keys
    self.action = action
    self.label = label
    self.help = help
    self.context = context
    self.condition = condition
    self.inFooter = inFooter
  }

  /// The same binding on other keys (a keybindings file's line).
  public func rebound(to keys: [Key]) -> KeyBinding {
    KeyBinding(
      keys, action, label: label, help: help, context: context, when: condition,
      inFooter: inFooter)
  }

  /// "↑/k", "Shift-Tab": the keys as the footer and the help overlay print them.
  public var keyLabel: String { keyLabel(ascii: false) }

  /// The keys as printed on a terminal without Unicode arrows: "Down/j", never "v/j".
  public func keyLabel(ascii: Bool) -> String {
    keys.map { $0.label(ascii: ascii) }.joined(separator: "/")
  }

  /// Where and when the binding applies, in words ("in composition, when a strategy question
  /// is pending"); nil for a key that works in every pane at any time.
  public var qualifier: String? {
    var parts: [String] = []
    switch context {
    case .global: break
    case .panes(let panes): parts.append("in " + panes.map(\.rawValue).joined(separator: "/"))
    case .help: parts.append("in help")
    case .deck: parts.append("in the token deck")
    case .input: parts.append("while typing")
    }
    switch condition {
    case .always: break
    case .questionPending: parts.append("when a strategy question is pending")
    case .questionLeftToKeys:
      parts.append("when a question is pending that the script does not answer next")
    case .noQuestionLeftToKeys:
      parts.append("unless a question waits that the script leaves to you")
    }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}
