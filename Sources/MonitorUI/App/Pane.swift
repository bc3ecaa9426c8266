/// The focusable panes, in Tab order. Focus decides what ↑↓ move and what `v` changes.
public enum Pane: String, CaseIterable, Sendable {
  /// The participants table.
  case participants
  /// The selected participant's token and who sees what.
  case detail
  /// The server-side composition.
  case composition
  /// The event log.
  case log

  /// The pane after this one (Tab).
  public var next: Pane {
    let all = Pane.allCases
    let index = all.firstIndex(of: self) ?? 0
    return all[(index + 1) % all.count]
  }

  /// The pane before this one (Shift-Tab).
  public var previous: Pane {
    let all = Pane.allCases
    let index = all.firstIndex(of: self) ?? 0
    return all[(index + all.count - 1) % all.count]
  }
}
