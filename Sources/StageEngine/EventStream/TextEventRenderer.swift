import InputKit
import JSONKit

/// Renders events as aligned, human-readable lines: time, source, observer,
/// name (the platform's name, else the kind), participant, then the details
/// as `key=value` pairs. For people watching a headless run in a terminal, so every field
/// passes through `TerminalText.safe` (quoted values are JSON-escaped, which covers the same
/// characters).
public struct TextEventRenderer {
  private static let widths = (source: 12, observer: 14, name: 42, participant: 14)

  /// Creates a renderer.
  public init() {}

  /// Appends `event` as one line.
  public func render(_ event: StageEvent, into out: inout [UInt8]) {
    VirtualTime.write(event.time, into: &out)
    out.append(contentsOf: "  ".utf8)
    column(event.source.rawValue, width: Self.widths.source, &out)
    column(event.observer ?? "-", width: Self.widths.observer, &out)
    column(event.name ?? event.kind.rawValue, width: Self.widths.name, &out)
    let details = Self.details(of: event)
    if details.isEmpty {
      out.append(contentsOf: TerminalText.safe(event.participant ?? "-").utf8)
    } else {
      column(event.participant ?? "-", width: Self.widths.participant, &out)
      out.append(contentsOf: TerminalText.safe(details.joined(separator: " ")).utf8)
    }
    out.append(UInt8(ascii: "\n"))
  }

  /// `raw` made safe, padded to `width` terminal columns (wide and emoji graphemes take two,
  /// combining marks none), so the next column lines up whatever the IDs hold.
  private func column(_ raw: String, width: Int, _ out: inout [UInt8]) {
    let text = TerminalText.safe(raw)
    out.append(contentsOf: text.utf8)
    let padding = max(1, width - DisplayWidth.of(text))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
  }

  /// The fields beyond the columns, in stream order, as `key=value`.
  static func details(of event: StageEvent) -> [String] {
    var parts: [String] = []
    if event.name != nil, event.source == .client || event.source == .strategy {
      parts.append("kind=\(event.kind.rawValue)")
    }
    if let sdk = event.sdk { parts.append("sdk=\(sdk)") }
    if let remote = event.remoteParticipantId { parts.append("remote=\(remote)") }
    if let userId = event.userId { parts.append("userId=\(quoted(userId))") }
    if let attributes = event.attributes { parts.append("attributes=\(format(attributes))") }
    if let capabilities = event.capabilities {
      parts.append("capabilities=\(capabilities.summary)")
    }
    if let truth = event.truth {
      let user = truth.metadata.userId.map { "userId=\(quoted($0)) " } ?? ""
      parts.append("truth={\(user)attributes=\(format(truth.metadata.attributes))}")
    }
    if let state = event.state { parts.append("state=\(state)") }
    if let streams = event.streams {
      parts.append("streams=\(streams.names.joined(separator: "+"))")
    }
    if let answer = event.answer { parts.append("answer=\(answer)") }
    if let reason = event.reason { parts.append("reason=\(reason)") }
    if let code = event.code { parts.append("code=\(code)") }
    if let errorCode = event.errorCode { parts.append("errorCode=\(errorCode)") }
    if let fields = event.fields, !fields.isEmpty {
      parts.append("fields=\(fields.joined(separator: ","))")
    }
    if let slots = event.slots {
      parts.append(
        "slots=[\(slots.map { "\($0.role.rawValue):\($0.participant)" }.joined(separator: " "))]")
    }
    if let exchange = event.exchange {
      parts.append("previous=\(summary(exchange.previousToken))")
      parts.append("new=\(summary(exchange.newToken))")
    }
    if let message = event.message { parts.append("message=\(quoted(message))") }
    if let failure = event.expectation { parts.append("step=\(failure.step)") }
    return parts
  }

  private static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    JSONWriter.writeString(text, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func format(_ attributes: [String: String]) -> String {
    var bytes: [UInt8] = []
    JSONBytes.appendAttributes(attributes, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func summary(_ token: TokenSummary) -> String {
    let user = token.userId.map { " userId=\(quoted($0))" } ?? ""
    return
      "{capabilities=\(token.capabilities.summary)\(user) attributes=\(format(token.attributes))"
      + " exp=\(VirtualTime.iso8601(token.expirationTime))}"
  }
}
