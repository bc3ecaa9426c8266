import TerminalKit

/// Where each part of the screen goes for a terminal size. Wide terminals put the
/// participants table across the top, detail and composition side by side, and the log
/// across the bottom; narrow ones stack everything. Below `minimum` nothing but a notice fits.
public struct ScreenLayout: Equatable, Sendable {
  /// The smallest size the panes are drawn at.
  public static let minimum = TerminalSize(width: 60, height: 18)

  /// The top bar.
  public let header: Rect
  /// The participants table.
  public let participants: Rect
  /// The selected participant's detail.
  public let detail: Rect
  /// The composition.
  public let composition: Rect
  /// The event log.
  public let log: Rect
  /// The status / prompt / input line.
  public let status: Rect
  /// The key hints.
  public let footer: Rect

  /// The layout for `size`, or nil when it is below `minimum`.
  public init?(size: TerminalSize) {
    guard size.width >= Self.minimum.width, size.height >= Self.minimum.height else { return nil }
    let screen = Rect(width: size.width, height: size.height)
    let bands = screen.rows([.fixed(1), .fill, .fixed(1), .fixed(1)])
    header = bands[0]
    status = bands[2]
    footer = bands[3]
    let body = bands[1]
    if size.width >= 100 && size.height >= 30 {
      let parts = body.rows([.percent(30), .percent(38), .fill])
      participants = parts[0]
      let middle = parts[1].columns([.percent(64), .fill])
      detail = middle[0]
      composition = middle[1]
      log = parts[2]
    } else {
      let parts = body.rows([.percent(28), .percent(30), .fixed(5), .fill])
      participants = parts[0]
      detail = parts[1]
      composition = parts[2]
      log = parts[3]
    }
  }

  /// The rect of `pane`.
  public func rect(of pane: Pane) -> Rect {
    switch pane {
    case .participants: return participants
    case .detail: return detail
    case .composition: return composition
    case .log: return log
    }
  }
}
