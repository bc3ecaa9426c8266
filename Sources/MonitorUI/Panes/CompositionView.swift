import StageEngine
import TerminalKit

/// The server-side composition: settings, the slots in order with the featured / PiP
/// participant marked, and whether the layout lags the truth under `on-reconnect`.
public enum CompositionView {
  /// Renders into `rect` (border included).
  public static func render(_ state: AppState, in rect: Rect, into grid: inout CellGrid) {
    let count = state.snapshot.compositions.count
    let inner = PaneFrame.draw(
      rect, title: count > 1 ? "Compositions \(count)" : "Composition",
      focused: state.focus == .composition, theme: state.theme, into: &grid)
    guard inner.height > 0 else { return }
    // Long settings and the layout it "would be" wrap rather than being cut.
    let lines = content(state, ascii: grid.glyphs == .ascii).flatMap {
      Span.wrap($0, width: inner.width, indent: "  ")
    }
    for (row, line) in lines.prefix(inner.height).enumerated() {
      Span.draw(
        line, x: inner.x, y: inner.y + row, width: inner.width, theme: state.theme,
        into: &grid)
    }
  }

  static func content(_ state: AppState, ascii: Bool) -> [[Span]] {
    guard let composition = state.shownComposition else {
      return [[Span("no server-side composition runs", .muted)]]
    }
    let settings = composition.configuration
    var lines = selector(state, shown: composition.id, ascii: ascii)
    lines += [
      [
        Span(settings.layout.rawValue, .accent),
        Span(" featured=\(quoted(settings.featuredParticipantAttribute))", .muted),
        Span(" order=\(quoted(settings.participantOrderAttribute))", .muted),
      ],
      [Span("updates ", .muted), Span(composition.updates.outcome.rawValue, .accent)],
    ]
    if composition.slots.isEmpty {
      lines.append([Span("empty: nobody is publishing", .muted)])
    }
    let lagging = state.truthSlots.map { $0 != composition.slots } ?? false
    if lagging, let truth = state.truthSlots {
      // Two lines, so the layout it would have fits a narrow pane.
      lines.append([
        Span("LAGS the truth", .stale, attributes: .bold),
        Span(" (\(composition.updates.outcome.rawValue))", .warning),
      ])
      lines.append([Span("  would be ", .warning), Span(slotList(truth, ascii: ascii), .warning)])
    }
    for (index, slot) in composition.slots.enumerated() {
      lines.append([
        Span(" \(index + 1) ", .muted), Span(symbol(slot.role, ascii: ascii) + " ", .composition),
        Span(Span.fit(slot.role.rawValue, 9), .muted), Span(slot.participant),
      ])
    }
    return lines
  }

  /// With more than one composition: which one is shown, of how many, and how to choose.
  private static func selector(_ state: AppState, shown: String, ascii: Bool) -> [[Span]] {
    let ids = state.snapshot.compositions.map(\.id)
    guard ids.count > 1 else { return [] }
    let position = "\(state.selectedComposition + 1)/\(ids.count)"
    var line = [Span(ascii ? "< " : "◀ ", .muted)]
    for id in ids {
      line.append(
        id == shown ? Span("[\(id)]", .accent, attributes: .bold) : Span(" \(id) ", .muted))
    }
    line.append(Span(ascii ? " > " : " ▶ ", .muted))
    line.append(Span("\(position)  \(ascii ? "Up/Down" : "↑↓") choose", .muted))
    return [line]
  }

  private static func quoted(_ name: String) -> String { name.isEmpty ? "off" : name }

  private static func slotList(_ slots: [CompositionSlot], ascii: Bool) -> String {
    slots.map { symbol($0.role, ascii: ascii) + $0.participant }.joined(separator: " ")
  }

  static func symbol(_ role: CompositionSlot.Role, ascii: Bool) -> String {
    switch role {
    case .featured: return ascii ? "*" : "★"
    case .pip: return ascii ? "o" : "◳"
    case .tile: return ascii ? "." : "▪"
    }
  }
}
