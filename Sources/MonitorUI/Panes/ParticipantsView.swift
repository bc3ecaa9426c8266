import StageEngine
import TerminalKit

/// The participants table. Only the rows that fit are visited, so 10,000 participants cost
/// what 10 do; columns that do not fit a narrow pane are dropped, least important first.
public enum ParticipantsView {
  /// A table column.
  struct Column {
    /// What the column shows (the cell of each row is chosen by it, not by its title).
    enum Kind {
      case id, userId, sdk, capabilities, connection, publish, subscriptions, expiry
    }
    let kind: Kind
    let title: String
    let width: Int
  }

  /// Renders into `rect` (border included).
  public static func render(_ state: AppState, in rect: Rect, into grid: inout CellGrid) {
    let participants = state.snapshot.participants
    let rows = max(0, rect.height - 3)
    let first = firstVisibleRow(selected: state.selected, count: participants.count, rows: rows)
    let visible = participants[first..<min(participants.count, first + rows)]
    // Rows that do not fit are counted in the title, never silently dropped.
    let more = participants.count - visible.count
    let title =
      "Participants \(participants.count)"
      + (more > 0 && rows > 0
        ? " · \(visible.startIndex + 1)–\(visible.endIndex) shown, \(more) more" : "")
    let inner = PaneFrame.draw(
      rect, title: title, focused: state.focus == .participants, theme: state.theme, into: &grid)
    guard inner.height >= 2 else { return }
    let idWidth = 14
    let columns = fittingColumns(idWidth: idWidth, width: inner.width - 2)
    var header = [Span("  ", .header)]
    for column in columns {
      header.append(Span(Span.fit(column.title, column.width) + " ", .header))
    }
    grid.fill(
      Rect(x: inner.x, y: inner.y, width: inner.width, height: 1), style: state.theme[.header])
    Span.draw(header, x: inner.x, y: inner.y, width: inner.width, theme: state.theme, into: &grid)
    if participants.isEmpty {
      grid.put("no participants", x: inner.x + 2, y: inner.y + 1, style: state.theme[.muted])
    }
    let ascii = grid.glyphs == .ascii
    for (offset, participant) in zip(visible.indices, visible) {
      let y = inner.y + 1 + offset - visible.startIndex
      let isSelected = offset == state.selected
      let refused = state.refusal?.participant == participant.id
      let marker = refused ? (ascii ? "X " : "✖ ") : isSelected ? (ascii ? "> " : "▶ ") : "  "
      let spans =
        [Span(marker, refused ? .error : .accent, attributes: refused ? .bold : [])]
        + columns.map {
          cell(
            $0, participant, now: state.snapshot.time, guesses: state.sdkGuesses,
            unread: state.unreadEvents.contains(participant.id), ellipsis: grid.glyphs.ellipsis)
        }
      Span.draw(spans, x: inner.x, y: y, width: inner.width, theme: state.theme, into: &grid)
      if isSelected {
        let row = Rect(x: inner.x, y: y, width: inner.width, height: 1)
        grid.paint(row, style: state.theme[.selection])
      }
    }
  }

  /// The first row shown so that the selection stays visible, centred when scrolling.
  public static func firstVisibleRow(selected: Int, count: Int, rows: Int) -> Int {
    guard count > rows, rows > 0 else { return 0 }
    return min(max(0, selected - rows / 2), count - rows)
  }

  private static let optional: [(column: Column, dropOrder: Int)] = [
    (Column(kind: .userId, title: "USER_ID", width: 10), 2),
    (Column(kind: .sdk, title: "SDK", width: 14), 5),
    (Column(kind: .capabilities, title: "CAP", width: 3), 4),
    (Column(kind: .connection, title: "CONNECTION", width: 12), 6),
    (Column(kind: .publish, title: "PUBLISH", width: 10), 7),
    (Column(kind: .subscriptions, title: "SUBS", width: 4), 1),
    (Column(kind: .expiry, title: "EXPIRES", width: 8), 3),
  ]

  static func fittingColumns(idWidth: Int, width: Int) -> [Column] {
    var kept = optional
    func total() -> Int { idWidth + 1 + kept.reduce(0) { $0 + $1.column.width + 1 } }
    while total() > width, let drop = kept.min(by: { $0.dropOrder < $1.dropOrder }) {
      kept.removeAll { $0.column.kind == drop.column.kind }
    }
    return [Column(kind: .id, title: "ID", width: idWidth)] + kept.map(\.column)
  }

  private static func cell(
    _ column: Column, _ participant: ParticipantSnapshot, now: Int64, guesses: SDKGuesses,
    unread: Bool, ellipsis: String
  ) -> Span {
    let text: String
    var role: ThemeRole = .text
    var attributes: TextAttributes = []
    switch column.kind {
    case .publish where unread, .subscriptions where unread, .capabilities where unread,
      .expiry where unread:
      (text, role) = (column.kind == .publish ? unreadBadge : "?", .muted)
    case .id: text = participant.id
    case .userId:
      text = participant.metadata?.userId ?? "—"
    case .sdk:
      text = guesses.profile(participant.sdk, of: participant.id)
      let guessed = guesses.sources[participant.id] != nil
      role =
        guesses.sources[participant.id] == SDKGuesses.unknown
        ? .muted
        : participant.sdkRules.hasExchangeToken.outcome ? (guessed ? .muted : .text) : .warning
    case .capabilities:
      let capabilities = participant.capabilities
      text = (capabilities.publish ? "P" : "-") + (capabilities.subscribe ? "S" : "-")
      role = capabilities.publish ? .publish : (capabilities.subscribe ? .subscribe : .muted)
    case .connection:
      text = participant.connection.rawValue
      role = connectionRole(participant.connection)
    case .publish:
      (text, role) = publishCell(participant.publish, muted: participant.muted)
    case .subscriptions:
      text = "\(participant.remotes.filter { $0.subscribe == .subscribed }.count)"
    case .expiry:
      (text, role) = expiryCell(participant, now: now)
      if text == expiredBadge { attributes = .bold }
    }
    return Span(
      Span.fit(text, column.width, ellipsis: ellipsis) + " ", role, attributes: attributes)
  }

  /// What a listed participant whose events were not read yet shows for what it did.
  static let unreadBadge = "not read"

  /// The word for a participant whose exchange the last step refused (detail banner).
  static let refusedBadge = "REFUSED"

  /// A connected participant whose token has expired: still in the stage (tokens are
  /// checked at join and exchange only), so it gets a badge, not just a muted word.
  static let expiredBadge = "EXPIRED"

  private static func connectionRole(_ state: ConnectionState) -> ThemeRole {
    switch state {
    case .connected: return .success
    case .connecting: return .warning
    case .disconnected: return .muted
    }
  }

  /// The colour of a publish state, the same in every pane: publishing is `publish`, trying
  /// is `warning`, not publishing is `muted` (never the colour of publishing).
  static func publishRole(_ state: PublishState) -> ThemeRole {
    switch state {
    case .published: return .publish
    case .attemptingPublish: return .warning
    case .notPublished: return .muted
    }
  }

  private static func publishCell(_ state: PublishState, muted: MediaStreams) -> (
    String, ThemeRole
  ) {
    switch state {
    case .published where !muted.isEmpty:
      return ("muted " + muted.names.map { String($0.prefix(1)) }.joined(separator: "+"), .warning)
    case .published: return ("published", publishRole(state))
    case .attemptingPublish: return ("attempting", publishRole(state))
    case .notPublished: return ("—", publishRole(state))
    }
  }

  private static func expiryCell(_ participant: ParticipantSnapshot, now: Int64) -> (
    String, ThemeRole
  ) {
    guard let exp = participant.token?.expirationTime else { return ("—", .muted) }
    guard exp > now else {
      return participant.connection == .disconnected ? ("expired", .muted) : (expiredBadge, .stale)
    }
    return (RelativeTime.until(exp, now: now), .text)
  }
}
