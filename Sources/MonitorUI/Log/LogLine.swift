import StageEngine
import TerminalKit

/// One event formatted for the log, made only for the lines a frame draws or `s` saves (the
/// log keeps raw events), so a burst of events costs no formatting.
public struct LogLine: Equatable, Sendable {
  /// The model's event (kept for saving as JSON lines); nil for a line of the customer's
  /// records (`RecordedLines`), which the imported scenario file already holds.
  public let event: StageEvent?
  /// The second of a line that is not the model's (time travel keeps such lines only up
  /// to the moment travelled to); nil for a model event's line.
  public private(set) var readySecond: Int64? = nil
  /// `HH:MM:SS` of the virtual time.
  public let time: String
  /// `client`, `strategy`, `server`, `composition`, `runner`, `belief`, or `recorded`.
  public let source: String
  /// The theme role of the source column.
  public let sourceRole: ThemeRole
  /// The SDK client reporting it, or "" for server/composition/runner events.
  public let observer: String
  /// The platform's own event name (`onParticipantJoined`), or the canonical kind.
  public let name: String
  /// Who it is about plus details (`host user_id=alice {order=1}`, `→ published`).
  public let subject: String
  /// Looks and symbol.
  public let category: EventCategory
  /// The ID of the rule of the book that decided the event (`w` shows its text); "" for a
  /// runner's step and a recorded line.
  public let rule: String
  /// Lower-cased text the filter searches (made on demand: drawing never needs it); a
  /// recorded line has no observer or kind.
  public var searchText: String {
    let fields =
      event.map { [time, source, observer, name, $0.kind.rawValue, subject, rule] }
      ?? [time, source, name, subject]
    return fields.joined(separator: " ").lowercased()
  }

  /// Formats `event`.
  public init(_ event: StageEvent) {
    self.event = event
    let iso = VirtualTime.iso8601(event.time)
    time = String(iso.dropFirst(11).prefix(8))
    source = event.source.rawValue
    sourceRole = LogLine.role(of: event.source)
    observer = event.observer ?? ""
    name = event.name ?? event.kind.rawValue
    subject = LogLine.subject(of: event)
    category = EventCategory.of(event.kind)
    rule = event.rule?.rawValue ?? ""
  }

  /// A line that is not the model's: `source` in the `sourceRole` colour at `second`.
  public init(
    second: Int64, source: String, sourceRole: ThemeRole, name: String, subject: String,
    category: EventCategory
  ) {
    event = nil
    readySecond = second
    time = String(VirtualTime.iso8601(second).dropFirst(11).prefix(8))
    self.source = source
    self.sourceRole = sourceRole
    observer = ""
    self.name = name
    self.subject = subject
    self.category = category
    rule = ""
  }

  private static func role(of source: EventSource) -> ThemeRole {
    switch source {
    case .client: return .text
    case .strategy: return .strategy
    case .server: return .server
    case .composition: return .composition
    case .runner: return .runner
    case .belief: return .stale
    }
  }

  private static func subject(of event: StageEvent) -> String {
    var parts: [String] = []
    if let participant = event.participant { parts.append(participant) }
    if let remote = event.remoteParticipantId { parts.append("remote=\(remote)") }
    if let state = event.state { parts.append("→ \(state)") }
    if let answer = event.answer { parts.append("answer=\(answer)") }
    if let userId = event.userId { parts.append("user_id=\(userId)") }
    if let attributes = event.attributes { parts.append(AttributeText.braced(attributes)) }
    if let capabilities = event.capabilities {
      parts.append("[\(capabilities.names.joined(separator: ","))]")
    }
    if let truth = event.truth {
      let user = truth.metadata.userId.map { "user_id=\($0) " } ?? ""
      parts.append("≠ truth \(user)\(AttributeText.braced(truth.metadata.attributes))")
    }
    if let streams = event.streams { parts.append(streams.names.joined(separator: "+")) }
    if let slots = event.slots {
      parts.append(slots.map { "\($0.role.rawValue):\($0.participant)" }.joined(separator: " "))
    }
    if let reason = event.reason { parts.append("reason=\(reason)") }
    if let code = event.code {
      parts.append("code \(code)" + (event.errorCode.map { " \($0)" } ?? ""))
    } else if let errorCode = event.errorCode {
      parts.append(errorCode)
    }
    if let message = event.message { parts.append(message) }
    return parts.joined(separator: " ")
  }
}
