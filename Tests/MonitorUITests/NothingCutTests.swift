import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// At 100×30 — the smallest size the monitor promises to read well at — no pane cuts the
/// narration, a who-sees-what reason, the composition policy or an event name; long values
/// wrap; overlays are centred and clear what they cover with a margin.
@Suite struct NothingCutTests {
  static func screen(_ state: AppState, width: Int = 100, height: Int = 30) -> CellGrid {
    var grid = CellGrid(width: width, height: height)
    Screen.render(state, into: &grid)
    return grid
  }

  /// The rows between the log and the next line above the footer, joined into the sentence
  /// they wrap.
  static func status(_ grid: CellGrid) throws -> String {
    let text = Fixture.text(grid)
    _ = try #require(text.lastIndex { $0.hasPrefix("└") })
    return SmallScreenTests.narration(text)
  }

  @Test func openingNarrationWrapsWhole() throws {
    let controller = try Fixture.demo()
    let grid = Self.screen(controller.state)
    let status = try Self.status(grid)
    #expect(status == DemoScenario.openingNote, "\(status)")
    #expect(!Fixture.text(grid).joined().contains("n: make the gue…"))
  }

  @Test func stepNarrationWrapsWhole() throws {
    let state = try PaneSnapshotTests.featuredGuest()
    let grid = Self.screen(state)
    let status = try Self.status(grid)
    let note = try #require(state.story.notes[state.script.done - 1])
    #expect(status.hasSuffix(note), "\(status)")
  }

  @Test func headerKeepsTheCompositionPolicy() throws {
    let header = Fixture.text(Self.screen(try Fixture.demo(steps: 3).state))[0]
    #expect(header.contains("grid live"), "\(header)")
    #expect(header.hasSuffix("▶ guest (android@1.37.0)"))
    // What gave way: the theme's name and the date.
    #expect(!header.contains("theme") && header.contains("12:00:00Z"))
    // On an earlier day of IVS the day's name stays too; the driver gives way first.
    let then = Fixture.text(Self.screen(try PaneSnapshotTests.featuredGuest()))[0]
    #expect(then.contains("IVS as of 2025-12-01") && then.contains("grid on-reconnect"), "\(then)")
  }

  @Test func headerCutsTheDriverBeforeTheStage() throws {
    let state = try PaneSnapshotTests.featuredGuest()
    let grid = Fixture.render(width: 72, height: 1) { rect, grid in
      HeaderView.render(state, in: rect, into: &grid)
    }
    let header = Fixture.text(grid)[0]
    #expect(header.contains("grid on-reconnect"), "\(header)")
  }

  @Test func everyStaleReasonIsWhole() throws {
    let state = try PaneSnapshotTests.featuredGuest()
    let text = Fixture.text(Self.screen(state))
    let rows = text.filter { $0.hasPrefix("│  ") && $0.contains(" STALE ") }
    #expect(rows.count == 3, "\(text.joined(separator: "\n"))")
    // The differing fields whole on the badge's row; the reason whole (beside, or below).
    #expect(rows.allSatisfy { $0.contains("STALE  featured=– order=2") })
    #expect(text.filter { $0.contains("sees it on republish") }.count == 3)
    #expect(text.contains { $0.contains("sees it on republish or reconnect") })
    #expect(!text.joined().contains("sees it …"))
  }

  @Test func compositionSettingsWrap() throws {
    let state = try PaneSnapshotTests.featuredGuest()
    let grid = Fixture.render(width: 32, height: 9) { rect, grid in
      CompositionView.render(state, in: rect, into: &grid)
    }
    let text = Fixture.text(grid)
    #expect(text[1] == "│grid featured=featured        │")
    #expect(text[2] == "│  order=order                 │")
    #expect(text[3] == "│updates on-reconnect          │")
    #expect(!text.joined().contains("…"))
  }

  @Test func logNamesAreWholeAfterTheJoins() throws {
    let controller = try Fixture.demo()
    let grid = Fixture.render(width: 100, height: 40) { rect, grid in
      LogView.render(controller.state, in: rect, into: &grid)
    }
    let text = Fixture.text(grid).joined(separator: "\n")
    #expect(text.contains("STAGE_CONNECTION_STATE_CHANGED "))
    #expect(text.contains("STAGE_PARTICIPANT_SUBSCRIBE_STATE_CHANGED "))
    #expect(!text.contains("STAGE_CONNECTION_STATE_CH…"))
    #expect(!text.contains("_…"))
  }

  /// A participant whose attributes are far wider than the detail pane.
  static let longAttributes = #"""
    {
      "stage": { "arn": "arn:aws:ivs:us-west-2:123456789012:stage/LongValues01" },
      "participants": [
        { "id": "host", "sdk": "ios@1.37.0", "userId": "alice",
          "capabilities": ["publish", "subscribe"], "strategy": { "publish": "always" },
          "attributes": { "title": "a very long stage title that no pane of a hundred columns can hold on one line", "order": "1" } },
        { "id": "viewer", "sdk": "web@1.33.0", "capabilities": ["subscribe"] }
      ],
      "steps": [ { "join": "host" }, { "join": "viewer" } ]
    }
    """#

  @Test func longAttributesWrapInTheDetailPane() throws {
    let scenario = try Scenario(parsing: Self.longAttributes, file: "long.json", baseDirectory: ".")
    let setup = try MonitorSetup(scenario: scenario, file: "long.json", prepared: [])
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme,
      options: MonitorOptions())
    controller.perform(.nextStep)
    controller.perform(.nextStep)
    let grid = Fixture.render(width: 66, height: 12) { rect, grid in
      DetailView.render(controller.state, in: rect, into: &grid)
    }
    let joined = Fixture.text(grid).map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ "))
    }.joined(separator: " ")
    #expect(
      joined.contains("truth: alice {order=1, title=a very long stage title that no pane of a"))
    #expect(joined.contains("hundred columns can hold on one line}"), "\(joined)")
  }

  @Test(arguments: [(100, 30), (160, 50)])
  func deckIsCentredAndClearsAMargin(width: Int, height: Int) throws {
    let controller = try Fixture.demo()
    controller.perform(.exchange)
    let grid = Self.screen(controller.state, width: width, height: height)
    let text = Fixture.text(grid)
    let top = try #require(text.firstIndex { $0.contains("Token deck") })
    let left = try #require(text[top].firstIndex(of: "┌")).utf16Offset(in: text[top])
    let right = width - 1 - (text[top].lastIndex(of: "┐")?.utf16Offset(in: text[top]) ?? 0)
    #expect(abs(left - right) <= 1, "left \(left) right \(right)")
    #expect(left >= 1)
    // The margin row above the box is blank across the box's width.
    let above = Array(grid.text()[top - 1])
    #expect(above[(left - 1)...(width - right)].allSatisfy { $0 == " " })
    // Nothing of the panes shows in the columns beside the box.
    let bottom = try #require(text.indices.first { $0 > top && text[$0].contains("└") })
    for row in top...bottom {
      let line = Array(grid.text()[row])
      #expect(line[0..<left].allSatisfy { $0 == " " }, "row \(row): \(String(line))")
    }
  }

  /// Every entry's title whole in the deck's list (100×30 and 160×50), with the demo's
  /// prepared tokens as well as every preset.
  @Test(arguments: [(100, 30), (160, 50)])
  func deckListShowsEveryTitleWhole(width: Int, height: Int) throws {
    let controller = try Fixture.demo()
    controller.perform(.exchange)
    guard case .deck(let deck)? = controller.state.overlay else { throw DeckError("no deck") }
    let grid = Self.screen(controller.state, width: width, height: height)
    let list = try #require(DeckView.layout(deck, in: grid.bounds).list)
    let rows = (list.y..<list.maxY).map { y in
      (list.x..<list.maxX).compactMap { grid.cell(x: $0, y: y)?.symbol }.joined()
    }
    let titles = deck.candidates.map(\.entry.title)
    #expect(Set(DeckPreset.allCases.map(\.title)).isSubset(of: titles))
    for title in titles {
      let whole = rows.contains { row in
        String(row.dropFirst(4).reversed().drop { $0 == " " }.reversed()) == title
      }
      #expect(whole, "\(title) in \(rows)")
    }
  }
}
