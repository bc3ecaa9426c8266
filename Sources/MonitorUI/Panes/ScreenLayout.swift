import TerminalKit

/// Where each part of the screen goes for a terminal size and participant count. The
/// participants table is sized to its rows (within bounds), detail and composition sit side
/// by side below it, and the event log — what an audience watches during a demo — takes the
/// rest. Below `minimum` nothing but a notice fits.
public struct ScreenLayout: Equatable, Sendable {
  /// The smallest size the panes are drawn at.
  public static let minimum = TerminalSize(width: 60, height: 18)
  /// The participants pane never gets less than this (border, header and two rows).
  static let minimumParticipantsHeight = 5
  /// Nor more than this share of the body, in percent.
  static let maximumParticipantsShare = 35
  /// The detail / composition band takes this share of what the participants leave…
  static let middleShare = 40
  /// …at least this many rows (two summary lines, "who sees what" and three observers)…
  static let middleMinimum = 9
  /// …and at most this many: the log gets every row beyond.
  static let middleMaximum = 18

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
  /// The status / prompt / input lines (more than one when a long message wraps).
  public let status: Rect
  /// The key hints.
  public let footer: Rect

  /// The layout for `size` showing `participantCount` rows in the table and `statusRows` rows
  /// of status, or nil when the size is below `minimum`.
  public init?(size: TerminalSize, participantCount: Int, statusRows: Int = 1) {
    guard size.width >= Self.minimum.width, size.height >= Self.minimum.height else { return nil }
    let screen = Rect(width: size.width, height: size.height)
    let bands = screen.rows([.fixed(1), .fill, .fixed(max(1, statusRows)), .fixed(1)])
    header = bands[0]
    status = bands[2]
    footer = bands[3]
    let body = bands[1]
    let participantsHeight = Self.participantsHeight(body: body.height, count: participantCount)
    let middleHeight = Self.middleHeight(rest: body.height - participantsHeight)
    let parts = body.rows([.fixed(participantsHeight), .fixed(middleHeight), .fill])
    participants = parts[0]
    let middle = parts[1].columns([.percent(size.width >= 100 ? 68 : 66), .fill])
    detail = middle[0]
    composition = middle[1]
    log = parts[2]
  }

  /// Border, header and one row per participant, within the minimum and the maximum share.
  static func participantsHeight(body: Int, count: Int) -> Int {
    let content = 3 + max(1, count)
    let maximum = max(minimumParticipantsHeight, body * maximumParticipantsShare / 100)
    return min(max(minimumParticipantsHeight, content), maximum)
  }

  /// The detail / composition band for `rest` rows below the participants; never more than
  /// half of them, so the log always keeps at least as many.
  static func middleHeight(rest: Int) -> Int {
    let wanted = max(middleMinimum, rest * middleShare / 100)
    return min(wanted, middleMaximum, rest / 2)
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
