import MonitorUI
import TerminalKit
import Testing

/// The participants pane is sized to its rows (5 rows at least, 40% of the body at most), the
/// detail / composition band takes 40% of the rest (9 to 18 rows, never more than half), and
/// the event log gets everything else.
@Suite struct ScreenLayoutTests {
  /// (width, height, participants) → (participants height, middle height, log height).
  @Test(arguments: [
    (120, 40, 4, 7, 12, 18),
    (200, 60, 10, 13, 17, 27),
    (200, 60, 10_000, 22, 14, 21),
    (120, 40, 1, 5, 12, 20),
    (120, 40, 0, 5, 12, 20),
    (80, 24, 4, 7, 7, 7),
    (60, 18, 4, 6, 4, 5),
    (300, 100, 4, 7, 18, 72),
  ])
  func bandsFitTheContent(
    width: Int, height: Int, count: Int, participants: Int, middle: Int, log: Int
  ) throws {
    let layout = try #require(
      ScreenLayout(size: TerminalSize(width: width, height: height), participantCount: count))
    #expect(layout.participants.height == participants)
    #expect(layout.detail.height == middle)
    #expect(layout.composition.height == (width >= 100 ? middle : 0))
    #expect(layout.log.height == log)
  }

  @Test(arguments: [(60, 18), (80, 24), (99, 29), (120, 40), (200, 60), (333, 111)])
  func panesTileTheBodyWithoutGapsOrOverlap(width: Int, height: Int) throws {
    for count in [0, 1, 4, 12, 50, 10_000] {
      let layout = try #require(
        ScreenLayout(size: TerminalSize(width: width, height: height), participantCount: count))
      #expect(layout.header == Rect(x: 0, y: 0, width: width, height: 1))
      #expect(layout.participants.y == 1)
      #expect(layout.detail.y == layout.participants.maxY)
      if width >= 100 {
        #expect(layout.composition.y == layout.detail.y)
        #expect(layout.detail.maxX == layout.composition.x)
        #expect(layout.composition.maxX == width)
      } else {
        #expect(layout.hidden == [.composition] && layout.detail.maxX == width)
      }
      #expect(layout.log.y == layout.detail.maxY)
      #expect(layout.log.maxY == height - 2)
      #expect(layout.status.y == height - 2)
      #expect(layout.footer.y == height - 1)
      #expect(layout.log.height >= layout.detail.height, "\(width)×\(height) \(count)")
      #expect(layout.participants.height <= max(5, (height - 3) * 40 / 100))
    }
  }

  @Test(arguments: [1, 2, 3])
  func wrappedStatusTakesRowsFromTheLog(lines: Int) throws {
    let size = TerminalSize(width: 100, height: 30)
    let one = try #require(ScreenLayout(size: size, participantCount: 4))
    let layout = try #require(ScreenLayout(size: size, participantCount: 4, statusRows: lines))
    let rows = lines
    #expect(layout.status.height == rows)
    #expect(layout.status.maxY == layout.footer.y)
    #expect(layout.log.maxY == layout.status.y)
    #expect(layout.log.height == one.log.height - (rows - 1))
  }

  @Test func belowTheMinimumThereIsNoLayout() {
    #expect(ScreenLayout(size: TerminalSize(width: 39, height: 40), participantCount: 4) == nil)
    #expect(ScreenLayout(size: TerminalSize(width: 120, height: 11), participantCount: 4) == nil)
  }

  /// The detail always gets the rows its story needs; what does not fit goes, least important
  /// first: the composition (the detail then takes the whole width), the log, then the
  /// participants table shrinks to its minimum and at last goes too.
  @Test(
    arguments: [
      (80, 24, 8, [.composition]),
      (80, 24, 10, [.composition, .log]),
      (80, 24, 14, [.composition, .log]),
      (80, 24, 17, [.composition, .log, .participants]),
      (60, 18, 4, [.composition]),
      (200, 60, 30, []),
    ] as [(Int, Int, Int, Set<Pane>)])
  func panesGiveWayToTheStoryLeastImportantFirst(
    width: Int, height: Int, story: Int, hidden: Set<Pane>
  ) throws {
    let layout = try #require(
      ScreenLayout(
        size: TerminalSize(width: width, height: height), participantCount: 4,
        storyRows: { _ in story }))
    #expect(layout.hidden == hidden)
    let body = height - 3
    #expect(layout.detail.height >= min(story + 2, body), "\(layout)")
    for pane in hidden { #expect(layout.rect(of: pane).isEmpty) }
    let shown = Pane.allCases.filter { !hidden.contains($0) }
    let rows = Set(
      shown.flatMap { pane in
        let rect = layout.rect(of: pane)
        return (rect.y..<rect.maxY).map { $0 }
      })
    #expect(rows == Set(1..<(height - 2)), "the shown panes fill the body")
  }

  @Test(arguments: Pane.allCases)
  func aZoomedPaneTakesTheWholeBody(pane: Pane) throws {
    let size = TerminalSize(width: 80, height: 24)
    let layout = try #require(
      ScreenLayout(size: size, participantCount: 4, mode: ScreenMode(zoomed: pane)))
    #expect(layout.rect(of: pane) == Rect(x: 0, y: 1, width: 80, height: 21))
    #expect(layout.hidden == Set(Pane.allCases).subtracting([pane]))
  }

  @Test func presenterModeLeavesTheLogOut() throws {
    let size = TerminalSize(width: 100, height: 30)
    let layout = try #require(
      ScreenLayout(size: size, participantCount: 4, mode: ScreenMode(hidesLog: true)))
    #expect(layout.hidden == [.log] && layout.log.isEmpty)
    #expect(layout.detail.maxY == 28)
  }
}
