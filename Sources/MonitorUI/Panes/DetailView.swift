import JSONKit
import StageEngine
import TerminalKit
import TokenCore

/// The selected participant: states and strategy, who sees what (a STALE badge before the
/// believed metadata, so it shows in narrow panes too, and the engine's reason) and the decoded token — header and claims, never the signature.
/// Lines are produced on demand for the visible window, so thousands of observers cost
/// only the rows shown.
public enum DetailView {
  /// Renders into `rect` (border included).
  public static func render(_ state: AppState, in rect: Rect, into grid: inout CellGrid) {
    let subject = state.selectedParticipant
    let title = subject.map { "Detail: \($0.id)" } ?? "Detail"
    let inner = PaneFrame.draw(
      rect, title: title, focused: state.focus == .detail, theme: state.theme, into: &grid)
    guard let subject, inner.height > 0 else { return }
    let content = DetailContent(state: state, subject: subject)
    let scroll = min(state.detailScroll, max(0, content.count - inner.height))
    for row in 0..<min(inner.height, content.count - scroll) {
      Span.draw(
        content.line(scroll + row), x: inner.x, y: inner.y + row, width: inner.width,
        theme: state.theme, into: &grid)
    }
  }
}

/// The detail pane's lines: fixed summary lines, one per observer, then the token.
struct DetailContent {
  let summary: [[Span]]
  let beliefs: [ObserverBelief]
  let truth: ParticipantMetadata?
  let token: [[Span]]

  init(state: AppState, subject: ParticipantSnapshot) {
    beliefs = state.beliefs
    truth = subject.metadata
    summary = Self.summary(subject, questionPending: state.pendingQuestion)
    token = Self.token(subject.token, now: state.snapshot.time)
  }

  var count: Int { summary.count + 1 + max(1, beliefs.count) + token.count }

  func line(_ index: Int) -> [Span] {
    if index < summary.count { return summary[index] }
    let afterSummary = index - summary.count
    if afterSummary == 0 {
      let truthText = truth.map(Self.metadataText) ?? "—"
      return [Span("who sees what", .title), Span("  truth: \(truthText)", .muted)]
    }
    let beliefIndex = afterSummary - 1
    if beliefs.isEmpty, beliefIndex == 0 {
      return [Span("  nobody sees it (observers only see publishers)", .muted)]
    }
    if beliefIndex < beliefs.count { return Self.beliefLine(beliefs[beliefIndex]) }
    let tokenIndex = beliefIndex - max(1, beliefs.count)
    return tokenIndex < token.count ? token[tokenIndex] : []
  }

  static func metadataText(_ metadata: ParticipantMetadata) -> String {
    "\(metadata.userId ?? "—") \(AttributeText.braced(metadata.attributes))"
  }

  private static func beliefLine(_ belief: ObserverBelief) -> [Span] {
    let marker =
      belief.isStale
      ? Span(" STALE ", .stale, attributes: .bold) : Span("current", .success)
    var spans = [
      Span("  " + Span.fit(belief.observer, 15) + " "), Span(Span.fit(belief.profile, 15), .muted),
      Span(" "), marker, Span(" " + metadataText(belief.believed)),
    ]
    if belief.isStale, let reason = belief.reason {
      // Reasons read "<who>: <why>"; the row already names who, so only the
      // part that explains (e.g. "sees it on republish") is shown, and fits.
      let why = reason.range(of: ": ").map { String(reason[$0.upperBound...]) } ?? reason
      spans.append(Span("  " + why, .warning))
    }
    return spans
  }

  private static func summary(_ subject: ParticipantSnapshot, questionPending: PendingQuestion?)
    -> [[Span]]
  {
    let capabilities = subject.capabilities
    var lines: [[Span]] = [
      [
        Span(subject.sdk.description, subject.sdk.supportsTokenExchange ? .accent : .warning),
        Span("  \(subject.connection.rawValue)"), Span("  \(subject.publish.rawValue)", .publish),
        Span(
          "  strategy publish=\(subject.strategy.publish.rawValue)"
            + " subscribe=\(subject.strategy.subscribe.rawValue)", .muted),
      ],
      [
        Span("capabilities "), Span(capabilities.publish ? "publish " : "", .publish),
        Span(capabilities.subscribe ? "subscribe" : "", .subscribe),
        Span(capabilities.publish || capabilities.subscribe ? "" : "none", .muted),
        Span("   user_id \(subject.metadata?.userId ?? "—")"),
        Span("   attributes \(AttributeText.braced(subject.metadata?.attributes ?? [:]))"),
      ],
    ]
    if !subject.sdk.supportsTokenExchange {
      lines.append([Span("this SDK has no exchangeToken and no metadata event", .warning)])
    }
    if let question = questionPending, question.participant == subject.id {
      lines.append([
        Span("strategy asks \(question.name): answer y / n", .warning, attributes: .bold)
      ])
    }
    return lines
  }

  private static func token(_ summary: TokenSummary?, now: Int64) -> [[Span]] {
    guard let summary else { return [[Span("token  (none in force yet)", .muted)]] }
    let parts = summary.redacted.split(separator: ".")
    var lines: [[Span]] = [
      [
        Span("token ", .title), Span("\(summary.origin.rawValue)  ", .muted),
        Span("exp \(VirtualTime.iso8601(summary.expirationTime)) "),
        Span(
          "(\(RelativeTime.until(summary.expirationTime, now: now)))",
          summary.expirationTime <= now ? .stale : .accent),
      ]
    ]
    if parts.count >= 2 {
      lines.append([Span("  header ", .muted), Span(decoded(parts[0]))])
      for (key, value) in claims(parts[1]) {
        lines.append([Span("  " + Span.fit(key, 13), .muted), Span(value)])
      }
    }
    lines.append([Span("  signature never shown", .muted)])
    return lines
  }

  private static func decoded(_ part: Substring) -> String {
    guard let bytes = Base64URL.decode(String(part)) else { return "(not base64url)" }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func claims(_ part: Substring) -> [(String, String)] {
    guard let json = try? JSONParser.parse(decoded(part)), let members = json.objectValue else {
      return [("payload", "(does not decode)")]
    }
    return members.map { member in
      if member.key == "exp" || member.key == "iat", let seconds = member.value.integerValue {
        return (member.key, "\(seconds) (\(VirtualTime.iso8601(seconds)))")
      }
      return (member.key, member.value.stringValue ?? JSONWriter.compact(member.value))
    }
  }
}
