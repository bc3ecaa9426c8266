import JSONKit
import StageEngine
import TerminalKit
import TokenCore

/// The selected participant: states and strategy, who sees what (a STALE badge before the
/// believed metadata, so it shows in narrow panes too, and the engine's reason) and the decoded token — header and claims, never the signature.
/// Lines are produced on demand for the visible window, so thousands of observers cost
/// only the rows shown.
public enum DetailView {
  /// `guest (bob, role=cohost)`: the participant ID with its user ID and a `role`/`name`
  /// attribute, as `explain` names participants, so a support engineer can match them.
  static func name(_ participant: ParticipantSnapshot) -> String {
    let metadata = participant.metadata
    let parts =
      (metadata?.userId.map { [$0] } ?? [])
      + ["role", "name"].compactMap { key in metadata?.attributes[key].map { "\(key)=\($0)" } }
    return parts.isEmpty ? participant.id : "\(participant.id) (\(parts.joined(separator: ", ")))"
  }

  /// Renders into `rect` (border included).
  public static func render(_ state: AppState, in rect: Rect, into grid: inout CellGrid) {
    let subject = state.selectedParticipant
    let title = subject.map { "Detail: \(name($0))" } ?? "Detail"
    let inner = PaneFrame.draw(
      rect, title: title, focused: state.focus == .detail, theme: state.theme, into: &grid)
    guard let subject, inner.height > 0 else { return }
    let content = DetailContent(state: state, subject: subject, width: inner.width)
    let scroll = min(state.detailScroll, max(0, content.count - inner.height))
    let rows = min(inner.height, content.count - scroll)
    let more = content.observersBelow(scroll: scroll, rows: rows)
    for row in 0..<rows {
      let line =
        more > 0 && row == rows - 1
        ? [Span("  … \(more) more observer(s) below (scroll the detail pane)", .muted)]
        : content.line(scroll + row)
      Span.draw(
        line, x: inner.x, y: inner.y + row, width: inner.width, theme: state.theme, into: &grid)
    }
  }
}

/// The detail pane's lines: the summary and the who-sees-what heading (wrapped to the pane),
/// the observers' lines (`ObserverLayout`), then the token (wrapped). A STALE row keeps its
/// badge, its differing fields and its reason whole; narrow panes leave out the observer's
/// profile, which the reason names anyway. The first `storyObservers` observers take the
/// lines each needs; those after them (thousands, on a big stage) take the most of those,
/// so a line is found without laying out every observer above it.
struct DetailContent {
  let head: [[Span]]
  let whoSeesWhat: WhoSeesWhat?
  let snapshot: StageSnapshot
  let token: [[Span]]
  let layout: ObserverLayout
  /// Lines of each of the first observers, and of each one after them.
  let rows: ObserverRows

  /// Columns of an observer line before the believed metadata: indent, ID, badge, spaces.
  static let observerColumns = 2 + 15 + 1 + 7 + 1
  /// The profile column, shown when the pane has room for it beside the longest reason
  /// ("sees it on republish or reconnect") and some metadata.
  static let profileColumns = 16
  static let roomForProfile = observerColumns + profileColumns + 2 + 34 + 20
  /// Columns of believed metadata an observer line keeps beside its reason.
  static let minimumBelieved = 4

  init(state: AppState, subject: ParticipantSnapshot, width: Int) {
    whoSeesWhat = state.whoSeesWhat
    snapshot = state.snapshot
    head = Self.head(state: state, subject: subject, width: width)
    let token =
      state.screenMode.presenting
      ? Self.tokenInWords(subject, now: state.snapshot.time)
      : Self.token(subject, now: state.snapshot.time)
    self.token = token.flatMap {
      Span.wrap($0, width: width, indent: String(repeating: " ", count: 15))
    }
    layout = ObserverLayout(
      width: width, showsProfile: width >= Self.roomForProfile, truth: subject.metadata)
    rows = ObserverRows(state, layout: layout)
  }

  /// The most observers whose lines are laid out one by one (the layout makes room for
  /// them; more scroll: `z` zooms the pane).
  static let storyObservers = 8

  /// The lines that tell the story at `width` columns: the summary, the who-sees-what heading
  /// and the first `storyObservers` observers' lines; the layout gives the detail this many.
  static func storyRows(_ state: AppState, width: Int) -> Int {
    guard let subject = state.selectedParticipant, width > 0 else { return 0 }
    let layout = ObserverLayout(
      width: width, showsProfile: width >= roomForProfile, truth: subject.metadata)
    let rows = ObserverRows(state, layout: layout)
    let observers = rows.count == 0 ? 1 : rows.first.reduce(0, +)
    return head(state: state, subject: subject, width: width).count + observers
  }

  /// What the detail says of a listed participant whose events were not read yet.
  static let unreadLine =
    "events not read yet — listed by ListParticipants; the poller reads its events in turn "
    + "(what it did, and its SDK, are unknown until then)"

  /// The summary and the who-sees-what heading, wrapped to `width`.
  static func head(state: AppState, subject: ParticipantSnapshot, width: Int) -> [[Span]] {
    let truthText = subject.metadata.map(Self.metadataText) ?? "—"
    let heading = [Span("who sees what", .title), Span("  truth: \(truthText)", .muted)]
    let summary =
      Self.summary(
        subject, questionPending: state.pendingQuestion, guesses: state.sdkGuesses,
        refusal: state.refusal)
      + (state.unreadEvents.contains(subject.id) ? [[Span(unreadLine, .warning)]] : [])
      + [heading]
    return summary.flatMap { Span.wrap($0, width: width, indent: "    ") }
  }

  /// Lines of the observers (one for "nobody sees it").
  var beliefLines: Int { rows.count == 0 ? 1 : rows.lines }

  var count: Int { head.count + beliefLines + token.count }

  /// How many observers lie below a window of `rows` lines from `scroll`, counting the one on
  /// the window's last line, which then says so (0 when every observer line below fits).
  func observersBelow(scroll: Int, rows shown: Int) -> Int {
    let end = head.count + beliefLines
    let shownEnd = scroll + shown
    guard shown > 1, shownEnd < end, shownEnd > head.count, rows.count > 0 else { return 0 }
    return rows.count - rows.observer(atLine: shownEnd - 1 - head.count).observer
  }

  func line(_ index: Int) -> [Span] {
    if index < head.count { return head[index] }
    let beliefIndex = index - head.count
    if rows.count == 0, beliefIndex == 0 {
      return [Span("  nobody sees it (observers only see publishers)", .muted)]
    }
    if beliefIndex < beliefLines {
      let (observer, part) = rows.observer(atLine: beliefIndex)
      guard let belief = whoSeesWhat?.row(observer, in: snapshot) else { return [] }
      let lines = layout.lines(belief, reasonBeside: rows.reasonBeside(observer))
      guard part < lines.count else { return [] }
      return lines[part]
    }
    let tokenIndex = beliefIndex - beliefLines
    return tokenIndex < token.count ? token[tokenIndex] : []
  }

  static func metadataText(_ metadata: ParticipantMetadata) -> String {
    "\(metadata.userId ?? "—") \(AttributeText.braced(metadata.attributes))"
  }

  /// `order=2 featured=–` (the believed values that differ from `truth`, a missing one as
  /// `–`) and `bob` (the rest of what the observer shows).
  static func split(_ believed: ParticipantMetadata, _ truth: ParticipantMetadata)
    -> (differing: String, same: String)
  {
    var differing: [String] = []
    var same: [String] = []
    if believed.userId != truth.userId {
      differing.append("user_id=\(believed.userId ?? "–")")
    } else if let userId = believed.userId {
      same.append(userId)
    }
    for key in Set(believed.attributes.keys).union(truth.attributes.keys).sorted() {
      let value = believed.attributes[key]
      if value != truth.attributes[key] {
        differing.append("\(key)=\(value ?? "–")")
      } else if let value {
        same.append("\(key)=\(value)")
      }
    }
    return (
      differing.isEmpty ? metadataText(believed) : differing.joined(separator: " "),
      same.joined(separator: " ")
    )
  }

  static func marker(_ belief: ObserverBelief) -> Span {
    belief.isStale ? Span(" STALE ", .stale, attributes: .bold) : Span("current", .success)
  }

  /// Reasons read "<who>: <why>"; the row already names who, so only the part that explains
  /// (e.g. "sees it on republish") is shown, with the ID of the rule that decided it (`w` shows
  /// the rule's text).
  static func why(_ belief: ObserverBelief) -> String {
    guard belief.isStale, let reason = belief.reason else { return "" }
    let why = reason.range(of: ": ").map { String(reason[$0.upperBound...]) } ?? reason
    return belief.rule.map { "\(why) [\($0)]" } ?? why
  }

  private static func summary(
    _ subject: ParticipantSnapshot, questionPending: PendingQuestion?, guesses: SDKGuesses,
    refusal: Refusal?
  ) -> [[Span]] {
    let capabilities = subject.capabilities
    // user_id and attributes are the "truth" of the who-sees-what heading below.
    var lines: [[Span]] = []
    if let refusal, refusal.participant == subject.id {
      lines.append([
        Span(" \(ParticipantsView.refusedBadge) ", .error, attributes: [.bold, .reverse]),
        Span(" " + refusal.reason, .error),
      ])
    }
    lines += [
      [
        Span(
          guesses.profile(subject.sdk, of: subject.id),
          subject.sdkRules.hasExchangeToken.outcome ? .accent : .warning),
        Span("  \(subject.connection.rawValue)"),
        Span("  \(subject.publish.rawValue)", ParticipantsView.publishRole(subject.publish)),
        Span(
          subject.muted.isEmpty ? "" : "  muted \(subject.muted.names.joined(separator: "+"))",
          .warning),
        Span("  cap "), Span(capabilities.publish ? "publish " : "", .publish),
        Span(capabilities.subscribe ? "subscribe" : "", .subscribe),
        Span(capabilities.publish || capabilities.subscribe ? "" : "none", .muted),
      ],
      [
        Span(
          "strategy publish=\(subject.strategy.publish.rawValue)"
            + " subscribe=\(subject.strategy.subscribe.rawValue)", .muted)
      ],
    ]
    if let guess = guesses.explanation(of: subject.id, assumed: subject.sdk) {
      lines.append([Span(guess, .warning)])
    }
    if !subject.sdkRules.hasExchangeToken.outcome {
      lines.append([Span("this SDK has no exchangeToken and no metadata event", .warning)])
    }
    if let question = questionPending, question.participant == subject.id {
      lines.append([
        Span("strategy asks \(question.name): answer y / n", .warning, attributes: .bold)
      ])
    }
    return lines
  }

  /// The token for an audience (presenter mode): who it is for, what it allows, its labels
  /// and how long it is valid, in words with the SDK's term in parentheses — no JSON, no
  /// seconds since 1970.
  private static func tokenInWords(_ subject: ParticipantSnapshot, now: Int64) -> [[Span]] {
    guard let summary = subject.token else {
      return [[Span("pass (token)  none yet", .muted)]]
    }
    let stage = DecodedToken.parts(of: summary.redacted)?.claims.first { $0.0 == "topic" }?.1
    let who = summary.userId.map { "for \($0)" } ?? "for \(subject.id)"
    let allows = summary.capabilities
    let may =
      allows.publish && allows.subscribe
      ? "broadcast and watch (publish, subscribe)"
      : allows.publish ? "broadcast (publish)" : allows.subscribe ? "watch (subscribe)" : "nothing"
    let labels = summary.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let expired = summary.expirationTime <= now
    return [
      [Span("pass (token) ", .title), Span(who + (stage.map { " on stage \($0)" } ?? ""))],
      [Span("  allows      ", .muted), Span(may)],
      [
        Span("  labels      ", .muted),
        Span(
          labels.isEmpty ? "none (attributes)" : labels.joined(separator: ", ") + " (attributes)"),
      ],
      [
        Span("  valid until ", .muted), Span(Self.readableTime(summary.expirationTime) + " "),
        Span(
          expired ? "(ran out)" : "(\(RelativeTime.countdown(summary.expirationTime, now: now)))",
          expired ? .stale : .accent),
      ],
      [Span("  made        ", .muted), Span(Self.readableTime(summary.issuedAt))],
    ]
  }

  /// "2026-01-02 00:00 UTC": a time as an audience reads it.
  static func readableTime(_ seconds: Int64) -> String {
    let iso = VirtualTime.iso8601(seconds)
    return iso.prefix(10) + " " + iso.dropFirst(11).prefix(5) + " UTC"
  }

  private static func token(_ subject: ParticipantSnapshot, now: Int64) -> [[Span]] {
    guard let summary = subject.token else {
      return [[Span("token  (none in force yet)", .muted)]]
    }
    let expired = summary.expirationTime <= now
    var lines: [[Span]] = [
      [
        Span("token ", .title), Span("\(summary.origin.rawValue)  ", .muted),
        Span("exp \(VirtualTime.iso8601(summary.expirationTime)) "),
        Span(
          "(\(RelativeTime.countdown(summary.expirationTime, now: now)))",
          expired ? .stale : .accent),
      ]
    ]
    if expired && subject.connection != .disconnected {
      lines.append([
        Span(ParticipantsView.expiredBadge, .stale, attributes: .bold),
        Span(
          " still connected: tokens are checked at join and exchange only (assumption);"
            + " a rejoin or a network drop's reconnection will be refused", .warning),
      ])
    }
    if let (header, claims) = DecodedToken.parts(of: summary.redacted) {
      lines.append([Span("  header ", .muted), Span(header)])
      for (key, value) in claims {
        lines.append([Span("  " + Span.fit(key, 13), .muted), Span(value)])
      }
    }
    lines.append([Span("  signature never shown", .muted)])
    return lines
  }
}
