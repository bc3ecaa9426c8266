/// What decides which bindings apply right now: the open overlay, the focused pane and
/// whether a strategy question is waiting. Derived from `AppState` by the controller and the
/// footer alike.
public struct KeySituation: Equatable, Sendable {
  /// The overlay that captures keys, if any.
  public enum Layer: Equatable, Sendable {
    /// No overlay: the panes get the keys.
    case panes
    /// The help overlay.
    case help
    /// The token deck.
    case deck
    /// An input line (filter, command, deck value).
    case input
  }

  /// The layer receiving keys.
  public var layer: Layer
  /// The focused pane.
  public var focus: Pane
  /// Whether a strategy question is waiting.
  public var questionPending: Bool
  /// Whether the script's next step answers the waiting question (so `n` runs it, never
  /// answering implicitly).
  public var scriptAnswersQuestion: Bool

  /// Creates a situation.
  public init(
    layer: Layer = .panes, focus: Pane = .participants, questionPending: Bool = false,
    scriptAnswersQuestion: Bool = false
  ) {
    self.layer = layer
    self.focus = focus
    self.questionPending = questionPending
    self.scriptAnswersQuestion = scriptAnswersQuestion
  }

  /// A question waits that only the keys answer.
  public var questionLeftToKeys: Bool { questionPending && !scriptAnswersQuestion }
}
