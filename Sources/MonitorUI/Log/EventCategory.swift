import StageEngine
import TerminalKit

/// How an event kind looks in the log: a theme role for colour AND a symbol, so the meaning
/// survives monochrome themes, colour blindness and `--no-color`.
public struct EventCategory: Equatable, Sendable {
  /// The theme role colouring the line's symbol and name.
  public let role: ThemeRole
  /// One-column symbol for UTF-8 terminals.
  public let symbol: String
  /// One-column symbol for ASCII terminals.
  public let asciiSymbol: String

  /// The category of `kind`.
  public static func of(_ kind: EventKind) -> EventCategory {
    switch kind {
    case .participantJoined, .joined:
      return EventCategory(role: .joined, symbol: "+", asciiSymbol: "+")
    case .participantLeft, .left, .stageLeft:
      return EventCategory(role: .left, symbol: "−", asciiSymbol: "-")
    case .publishStateChanged, .publishStarted, .publishStopped:
      return EventCategory(role: .publishState, symbol: "▲", asciiSymbol: "^")
    case .subscribeStateChanged, .subscribeStarted, .subscribeStopped:
      return EventCategory(role: .subscribeState, symbol: "▼", asciiSymbol: "v")
    case .streamsAdded, .streamsRemoved, .streamsMutedChanged:
      return EventCategory(role: .streams, symbol: "≈", asciiSymbol: "=")
    case .participantMetadataUpdated, .tokenExchanged, .exchangeAccepted:
      return EventCategory(role: .metadata, symbol: "✎", asciiSymbol: "*")
    case .connectionStateChanged:
      return EventCategory(role: .connection, symbol: "●", asciiSymbol: "o")
    case .error, .joinError, .publishError, .subscribeError, .exchangeRejected, .expectFailed:
      return EventCategory(role: .errorEvent, symbol: "✖", asciiSymbol: "X")
    case .shouldPublish, .streamsToPublish, .shouldSubscribe, .questionAnswered:
      return EventCategory(role: .strategy, symbol: "?", asciiSymbol: "?")
    case .layoutChanged, .compositionStarted, .compositionStopped:
      return EventCategory(role: .composition, symbol: "▦", asciiSymbol: "#")
    case .beliefChanged: return EventCategory(role: .stale, symbol: "≠", asciiSymbol: "!")
    case .step: return EventCategory(role: .runner, symbol: "▶", asciiSymbol: ">")
    }
  }

  /// The symbol for the terminal's character set.
  public func symbol(ascii: Bool) -> String { ascii ? asciiSymbol : symbol }
}
