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
/// one line per observer, then the token (wrapped). An observer's line keeps its STALE badge
/// and its reason whole and cuts only the believed metadata (the truth is in the heading);
/// narrow panes leave out the observer's profile, which the reason names anyway.
struct DetailContent {
  let head: [[Span]]
  let whoSeesWhat: WhoSeesWhat?
  let snapshot: StageSnapshot
  let token: [[Span]]
  let width: Int
  /// Whether observer lines show the profile column.
  let showsProfile: Bool
  /// Lines per observer: 1, or 2 when the reason goes on a line of its own.
  let rowsPerObserver: Int
  /// The subject's true `user_id` and attributes (a STALE row shows what differs first).
  let truth: ParticipantMetadata?

  /// Columns of an observer line before the believed metadata: indent, ID, badge, spaces.
  static let observerColumns = 2 + 15 + 1 + 7 + 1
  /// The profile column, shown when the pane has room for it beside the longest reason
  /// ("sees it on republish or reconnect") and some metadata.
  static let profileColumns = 16
  static let roomForProfile = observerColumns + profileColumns + 2 + 34 + 20
  /// Columns of believed metadata an observer line keeps beside its reason.
  static let minimumBelieved = 4

  init(state: AppState, subject: ParticipantSnapshot, width: Int) {
    self.width = width
    whoSeesWhat = state.whoSeesWhat
    snapshot = state.snapshot
    head = Self.head(state: state, subject: subject, width: width)
    token = Self.token(subject, now: state.snapshot.time).flatMap {
      Span.wrap($0, width: width, indent: String(repeating: " ", count: 15))
    }
    showsProfile = width >= Self.roomForProfile
    rowsPerObserver = Self.rowsPerObserver(state, width: width, showsProfile: showsProfile)
    truth = subject.metadata
  }

  /// Rows each observer takes at `width`: one when its STALE reason fits beside the badge and
  /// some of the believed metadata, else two (the reason on a line of its own), so a reason is
  /// never cut.
  static func rowsPerObserver(_ state: AppState, width: Int, showsProfile: Bool) -> Int {
    guard let whoSeesWhat = state.whoSeesWhat else { return 1 }
    let shown = min(storyObservers, whoSeesWhat.count)
    let reasons = (0..<shown).compactMap { whoSeesWhat.row($0, in: state.snapshot).map(why) }
    let longest = reasons.map(Span.columns).max() ?? 0
    let used = observerColumns + (showsProfile ? profileColumns : 0)
    return longest == 0 || used + minimumBelieved + 2 + longest <= width ? 1 : 2
  }

  /// The most observer rows the layout makes room for (more scroll: `z` zooms the pane).
  static let storyObservers = 8

  /// The lines that tell the story at `width` columns: the summary, the who-sees-what heading
  /// and the observer rows (up to `storyObservers`); the layout gives the detail this many.
  static func storyRows(_ state: AppState, width: Int) -> Int {
    guard let subject = state.selectedParticipant, width > 0 else { return 0 }
    let count = state.whoSeesWhat?.count ?? 0
    let rows = rowsPerObserver(state, width: width, showsProfile: width >= roomForProfile)
    let observers = count == 0 ? 1 : min(storyObservers, count) * rows
    return head(state: state, subject: subject, width: width).count + observers
  }

  /// The summary and the who-sees-what heading, wrapped to `width`.
  static func head(state: AppState, subject: ParticipantSnapshot, width: Int) -> [[Span]] {
    let truthText = subject.metadata.map(Self.metadataText) ?? "—"
    let heading = [Span("who sees what", .title), Span("  truth: \(truthText)", .muted)]
    let summary =
      Self.summary(subject, questionPending: state.pendingQuestion, guesses: state.sdkGuesses)
      + [heading]
    return summary.flatMap { Span.wrap($0, width: width, indent: "    ") }
  }

  /// Observer rows (made only for the lines drawn).
  var beliefCount: Int { whoSeesWhat?.count ?? 0 }

  /// Lines of the observers (one for "nobody sees it").
  var beliefLines: Int { beliefCount == 0 ? 1 : beliefCount * rowsPerObserver }

  var count: Int { head.count + beliefLines + token.count }

  /// How many observers lie below a window of `rows` lines from `scroll`, counting the one on
  /// the window's last line, which then says so (0 when every observer line below fits).
  func observersBelow(scroll: Int, rows: Int) -> Int {
    let end = head.count + beliefLines
    let shownEnd = scroll + rows
    guard rows > 1, shownEnd < end, shownEnd > head.count else { return 0 }
    let hiddenLines = end - shownEnd + 1
    return (hiddenLines + rowsPerObserver - 1) / rowsPerObserver
  }

  func line(_ index: Int) -> [Span] {
    if index < head.count { return head[index] }
    let beliefIndex = index - head.count
    if beliefCount == 0, beliefIndex == 0 {
      return [Span("  nobody sees it (observers only see publishers)", .muted)]
    }
    if beliefIndex < beliefLines {
      let (observer, part) = beliefIndex.quotientAndRemainder(dividingBy: rowsPerObserver)
      return whoSeesWhat?.row(observer, in: snapshot).map { beliefLine($0, part: part) } ?? []
    }
    let tokenIndex = beliefIndex - beliefLines
    return tokenIndex < token.count ? token[tokenIndex] : []
  }

  static func metadataText(_ metadata: ParticipantMetadata) -> String {
    "\(metadata.userId ?? "—") \(AttributeText.braced(metadata.attributes))"
  }

  /// `  viewer-web      web@1.32.0       STALE  bob {order=2}  sees it on republish`; with two
  /// rows per observer, part 1 is the reason alone, under the badge.
  private func beliefLine(_ belief: ObserverBelief, part: Int) -> [Span] {
    let whole = Self.why(belief)
    if part == 1 {
      let indent = String(repeating: " ", count: Self.observerColumns - 8)
      return whole.isEmpty ? [] : [Span(indent + whole, .warning)]
    }
    let why = rowsPerObserver == 1 ? whole : ""
    var spans = [Span("  " + Span.fit(belief.observer, 15) + " ")]
    if showsProfile { spans.append(Span(Span.fit(belief.profile, 15) + " ", .muted)) }
    spans.append(Self.marker(belief))
    let used = Self.observerColumns + (showsProfile ? Self.profileColumns : 0)
    let room = width - used - (why.isEmpty ? 0 : 2 + Span.columns(why))
    guard belief.isStale, let truth else {
      let believed = Self.metadataText(belief.believed)
      let fitted = Span.columns(believed) > room ? Span.fit(believed, max(2, room)) : believed
      spans.append(Span(" " + fitted))
      if !why.isEmpty { spans.append(Span("  " + why, .warning)) }
      return spans
    }
    // A STALE row: the fields that differ from the truth first (the truth is in the heading),
    // then the values it has right, which are cut first; the reason stays whole.
    let (differing, same) = Self.split(belief.believed, truth)
    let fitted =
      Span.columns(differing) > room - 1 ? Span.fit(differing, max(2, room - 1)) : differing
    spans.append(Span(" " + fitted, .stale))
    let rest = room - 1 - Span.columns(fitted)
    if !same.isEmpty, rest >= 4 {
      let shown = Span.columns(same) > rest - 2 ? Span.fit(same, rest - 2) : same
      spans.append(Span("  " + shown, .muted))
    }
    if !why.isEmpty { spans.append(Span("  " + why, .warning)) }
    return spans
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

  private static func marker(_ belief: ObserverBelief) -> Span {
    belief.isStale ? Span(" STALE ", .stale, attributes: .bold) : Span("current", .success)
  }

  /// Reasons read "<who>: <why>"; the row already names who, so only the part that explains
  /// (e.g. "sees it on republish") is shown.
  static func why(_ belief: ObserverBelief) -> String {
    guard belief.isStale, let reason = belief.reason else { return "" }
    return reason.range(of: ": ").map { String(reason[$0.upperBound...]) } ?? reason
  }

  private static func summary(
    _ subject: ParticipantSnapshot, questionPending: PendingQuestion?, guesses: SDKGuesses
  ) -> [[Span]] {
    let capabilities = subject.capabilities
    // user_id and attributes are the "truth" of the who-sees-what heading below.
    var lines: [[Span]] = [
      [
        Span(
          guesses.profile(subject.sdk, of: subject.id),
          subject.sdk.supportsTokenExchange ? .accent : .warning),
        Span("  \(subject.connection.rawValue)"), Span("  \(subject.publish.rawValue)", .publish),
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
    if let guess = guesses.explanation(of: subject.id) { lines.append([Span(guess, .warning)]) }
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

  private static func token(_ subject: ParticipantSnapshot, now: Int64) -> [[Span]] {
    guard let summary = subject.token else {
      return [[Span("token  (none in force yet)", .muted)]]
    }
    let parts = summary.redacted.split(separator: ".")
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
