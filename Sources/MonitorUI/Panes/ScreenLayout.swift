import TerminalKit

/// Where each part of the screen goes for a terminal size, participant count and screen mode.
/// The participants table is sized to its rows (within bounds), detail and composition sit side
/// by side below it — the detail tall enough for the story it tells (the summary and every
/// who-sees-what row with its STALE reason) — and the event log takes the rest. When the
/// terminal is too small for all of that, panes are left out, the least important first
/// (composition, then the log, then the participants table), rather than cut: the header, the
/// narration and who sees what stay. Below `minimum` nothing but a notice fits.
public struct ScreenLayout: Equatable, Sendable {
  /// The smallest size the panes are drawn at.
  public static let minimum = TerminalSize(width: 40, height: 12)
  /// The participants pane never gets less than this (border, header and two rows)…
  static let minimumParticipantsHeight = 5
  /// …nor more than this share of the body, in percent (at 80×24 the demo's four participants
  /// fit).
  static let maximumParticipantsShare = 40
  /// The detail / composition band takes this share of what the participants leave…
  static let middleShare = 40
  /// …at least this many rows (two summary lines, "who sees what" and three observers)…
  static let middleMinimum = 9
  /// …and at most this many unless its story needs more: the log gets every row beyond.
  static let middleMaximum = 18
  /// The log is shown only with at least one event row (and its border), and only with room
  /// for its newest event whole.
  static let minimumLogHeight = 3
  /// The composition sits beside the detail only on screens at least this wide: narrower, the
  /// detail needs the width, and the composition's who-sees-what row tells its state. A rule of
  /// the width alone, so the pane never comes and goes from step to step.
  static let compositionWidth = 100

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
  /// The panes left out (their rects are empty): zoomed away, hidden by presenter mode, or no
  /// room.
  public let hidden: Set<Pane>

  /// The layout for `size` showing `participantCount` rows in the table and `statusRows` rows
  /// of status, or nil when the size is below `minimum`. `storyRows` says how many detail
  /// lines carry the story at a given inner width, `newestLogRows` how many rows the log's
  /// newest event takes at a given inner width (the log is shown only with room for it whole);
  /// `mode` zooms a pane or hides the log.
  public init?(
    size: TerminalSize, participantCount: Int, statusRows: Int = 1,
    storyRows: (Int) -> Int = { _ in 0 }, newestLogRows: (Int) -> Int = { _ in 1 },
    mode: ScreenMode = ScreenMode()
  ) {
    guard size.width >= Self.minimum.width, size.height >= Self.minimum.height else { return nil }
    let screen = Rect(width: size.width, height: size.height)
    let bands = screen.rows([.fixed(1), .fill, .fixed(max(1, statusRows)), .fixed(1)])
    header = bands[0]
    status = bands[2]
    footer = bands[3]
    let body = Body(
      rect: bands[1], count: participantCount, storyRows: storyRows,
      newestLogRows: newestLogRows, mode: mode)
    participants = body.rect(.participants)
    detail = body.rect(.detail)
    composition = body.rect(.composition)
    log = body.rect(.log)
    hidden = body.hidden
  }

  /// Border, header and one row per participant, within the minimum and the maximum share.
  static func participantsHeight(body: Int, count: Int) -> Int {
    let content = 3 + max(1, count)
    let maximum = max(minimumParticipantsHeight, body * maximumParticipantsShare / 100)
    return min(max(minimumParticipantsHeight, content), maximum)
  }

  /// The detail / composition band for `rest` rows below the participants when the detail's
  /// story needs `story` rows (border included): never more than half of them unless the story
  /// needs it, so the log keeps as many rows as it can.
  static func middleHeight(rest: Int, story: Int) -> Int {
    let wanted = max(middleMinimum, rest * middleShare / 100)
    let usual = min(wanted, middleMaximum, rest / 2)
    return min(max(usual, story), rest)
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

/// How the screen is divided, one value the layout reads (lazygit's screen mode): a pane
/// zoomed to the whole body (`z`), whether the log is left out (`L`; presenter mode starts
/// with it out) and whether the narration is presenter mode's plain language.
public struct ScreenMode: Equatable, Sendable {
  /// The pane shown alone, if any.
  public var zoomed: Pane?
  /// Whether the log is left out.
  public var hidesLog = false
  /// Presenter mode: plain-language narration, the log out unless asked for.
  public var presenting = false

  /// The usual screen: every pane.
  public init(zoomed: Pane? = nil, hidesLog: Bool = false, presenting: Bool = false) {
    self.zoomed = zoomed
    self.hidesLog = hidesLog
    self.presenting = presenting
  }
}

/// The body between the header and the status: which panes it shows and their rects.
private struct Body {
  var rects: [Pane: Rect] = [:]
  var hidden: Set<Pane> = []

  init(
    rect body: Rect, count: Int, storyRows: (Int) -> Int, newestLogRows: (Int) -> Int,
    mode: ScreenMode
  ) {
    if let zoomed = mode.zoomed {
      rects[zoomed] = body
      hidden = Set(Pane.allCases).subtracting([zoomed])
      return
    }
    if mode.hidesLog { hidden.insert(.log) }
    if body.width < ScreenLayout.compositionWidth { hidden.insert(.composition) }
    var participants = ScreenLayout.participantsHeight(body: body.height, count: count)
    var story = Self.story(body, hidden: hidden, storyRows: storyRows)
    // Leave out the least important until the story fits: composition, log, then participants.
    while participants + story + (hidden.contains(.log) ? 0 : ScreenLayout.minimumLogHeight)
      > body.height
    {
      if !hidden.contains(.composition) {
        hidden.insert(.composition)
        story = Self.story(body, hidden: hidden, storyRows: storyRows)
      } else if !hidden.contains(.log) {
        hidden.insert(.log)
      } else if participants > ScreenLayout.minimumParticipantsHeight {
        participants = max(ScreenLayout.minimumParticipantsHeight, body.height - story)
      } else {
        if participants > 0 { hidden.insert(.participants) }
        participants = 0
        break
      }
    }
    // A log too short for its newest event whole gives way too, after the panes are settled,
    // so the composition does not come and go from step to step with the events' lengths.
    let log =
      hidden.contains(.log)
      ? 0 : max(ScreenLayout.minimumLogHeight, newestLogRows(max(0, body.width - 2)) + 2)
    if participants + story + log > body.height { hidden.insert(.log) }
    place(body, participants: participants, story: story, log: log)
  }

  /// Rows the detail needs for its story at the width it gets, border included.
  private static func story(_ body: Rect, hidden: Set<Pane>, storyRows: (Int) -> Int) -> Int {
    let width = hidden.contains(.composition) ? body.width : detailWidth(body.width)
    let rows = storyRows(max(0, width - 2))
    return rows > 0 ? rows + 2 : 0
  }

  static func detailWidth(_ width: Int) -> Int {
    width * (width >= 100 ? 68 : 66) / 100
  }

  /// Places the panes: `log` rows at least for the log (its newest event whole) when shown.
  private mutating func place(_ body: Rect, participants: Int, story: Int, log: Int) {
    let rest = body.height - participants
    let middle =
      hidden.contains(.log)
      ? rest : min(ScreenLayout.middleHeight(rest: rest, story: story), max(story, rest - log))
    let parts = body.rows([.fixed(participants), .fixed(middle), .fill])
    rects[.participants] = parts[0]
    if hidden.contains(.composition) {
      rects[.detail] = parts[1]
    } else {
      let middleParts = parts[1].columns([.fixed(Self.detailWidth(body.width)), .fill])
      rects[.detail] = middleParts[0]
      rects[.composition] = middleParts[1]
    }
    rects[.log] = parts[2]
  }

  func rect(_ pane: Pane) -> Rect {
    guard !hidden.contains(pane), let rect = rects[pane] else {
      return Rect(x: 0, y: 0, width: 0, height: 0)
    }
    return rect
  }
}
