import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// 80×24 is a first-class size: at every step of the demo the header keeps the step counter,
/// every who-sees-what row of the selected participant is on screen with its STALE reason
/// whole, and the narration is whole. Smaller screens leave panes out instead of cutting
/// words; `z` zooms the focused pane.
@Suite struct SmallScreenTests {
  static func screen(_ state: AppState, _ width: Int, _ height: Int) -> [String] {
    var grid = CellGrid(width: width, height: height)
    Screen.render(state, into: &grid)
    return Fixture.text(grid)
  }

  /// The status rows (between the last pane and the footer) joined into one sentence.
  /// The message and narration rows: below the panes, above the next line and the footer.
  static func narration(_ rows: [String]) -> String {
    let last = rows.lastIndex { $0.hasPrefix("└") } ?? 0
    let next =
      rows.indices.first { index in
        index > last
          && ["n: ", " ? ", "the end of the demo:"].contains { rows[index].hasPrefix($0) }
      } ?? rows.count - 1
    return rows[(last + 1)..<max(last + 1, next)]
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  @Test(arguments: [(80, 24), (100, 30), (200, 60)])
  func everyStepTellsItsStoryWhole(width: Int, height: Int) throws {
    let controller = try Fixture.demo()
    let total = controller.state.script.total
    for step in 1...total {
      controller.perform(.nextStep)
      let state = controller.state
      let rows = Self.screen(state, width, height)
      let all = rows.joined(separator: "\n")
      #expect(rows[0].contains("\(state.script.done)/\(total)"), "step \(step): \(rows[0])")
      for belief in state.beliefs.prefix(8) {
        let row = rows.first { $0.hasPrefix("│  \(belief.observer) ") }
        #expect(row != nil, "step \(step) \(width)×\(height): \(belief.observer)\n\(all)")
        if belief.isStale, let reason = belief.reason?.split(separator: ":").last {
          #expect(all.contains(reason.trimmingCharacters(in: .whitespaces)), "\(all)")
        }
      }
      if let note = state.story.notes[state.script.done - 1],
        state.narration?.text.hasSuffix(note) == true
      {
        #expect(Self.narration(rows).hasSuffix(note), "step \(step): \(Self.narration(rows))")
      }
      #expect(!Self.narration(rows).hasSuffix("…"), "step \(step): \(Self.narration(rows))")
    }
  }

  @Test func at80x24TheFeaturedGuestStepShowsEveryPaneThatCarriesTheStory() throws {
    let state = try Fixture.demo(steps: 3).state
    let rows = Self.screen(state, 80, 24)
    // Today's IVS: the composition follows at once; each STALE reason names its rule.
    #expect(
      rows == [
        " stage DemoStage01 │ 12:00:00Z │ step 7/13 │ publishers 2/12 │ grid live ▶ guest",
        "┌ ▸ Participants 4 ────────────────────────────────────────────────────────────┐",
        "│  ID             SDK            CAP CONNECTION   PUBLISH    EXPIRES           │",
        "│  host           ios@1.37.0     PS  connected    published  in 12h            │",
        "│▶ guest          android@1.37.0 PS  connected    published  in 12h            │",
        "│  viewer-android android@1.36.0 -S  connected    —          in 12h            │",
        "│  viewer-web     web@1.32.0     -S  connected    —          in 12h            │",
        "└──────────────────────────────────────────────────────────────────────────────┘",
        "┌ Detail: guest (bob) ─────────────────────────────────────────────────────────┐",
        "│android@1.37.0  connected  published  cap publish subscribe                   │",
        "│strategy publish=ask subscribe=audioVideo                                     │",
        "│who sees what  truth: bob {featured=true, order=0}                            │",
        "│  host            current bob {featured=true, order=0}                        │",
        "│  viewer-android   STALE  featured=– order=2  bob                             │",
        "│                  sees it on republish [visibility.republish-only]            │",
        "│  viewer-web       STALE  featured=– order=2  bob                             │",
        "│                  sees it on republish [visibility.republish-only]            │",
        "│  composition     current bob {featured=true, order=0}                        │",
        "└──────────────────────────────────────────────────────────────────────────────┘",
        "step 7/13: exchange guest attributes={\"order\":\"0\",\"featured\":\"true\"} —",
        "attributes changed while publishing: 1.37 clients and the composition (IVS since",
        "2026-04-16) see it now; android@1.36.0 and web@1.32.0 are STALE",
        "n: a token for another stage (topic changed) is exchanged  (step 8/13)",
        " ? help  q quit  Tab pane  ↓/j select  n next step 8/13  a play  x swap token",
      ])
  }

  /// Below 80×24 the least important panes go first; who sees what and the narration stay.
  @Test(arguments: [(70, 20), (60, 18), (50, 16)])
  func smallerScreensLeavePanesOutButKeepTheStory(width: Int, height: Int) throws {
    let state = try PaneSnapshotTests.featuredGuest()
    let rows = Self.screen(state, width, height)
    let all = rows.joined(separator: "\n")
    #expect(rows[0].contains("7/13") && !rows[0].contains("…"), "\(rows[0])")
    #expect(all.contains("Detail: guest") && all.contains("who sees what"), "\(all)")
    #expect(Self.narration(rows).hasSuffix("are STALE"), "\(all)")
    guard height >= 18 else { return }
    #expect(all.contains("viewer-android") && all.contains(" STALE "), "\(all)")
    #expect(all.contains("sees it on republish"), "\(all)")
  }

  @Test func zoomShowsTheFocusedPaneAloneAndComesBack() throws {
    let controller = try Fixture.demo(steps: 3)
    controller.screenResized(to: TerminalSize(width: 80, height: 24))
    controller.perform(.focusNext)
    controller.handle(.character("z"))
    #expect(controller.state.screenMode.zoomed == .detail)
    var rows = Self.screen(controller.state, 80, 24)
    // The pane takes the body: every row down to the message and the narration.
    #expect(rows[1].hasPrefix("┌ ▸ Detail: guest") && rows[17].hasPrefix("└"), "\(rows)")
    #expect(rows.contains { $0.contains("token keyPair") }, "\(rows)")
    #expect(!rows.joined().contains("Participants") && !rows.joined().contains("Events"))
    // At 80×24 the composition is left out (too narrow) and the log gave way to who sees
    // what: Tab zooms the participants next.
    controller.handle(.tab)
    #expect(controller.state.screenMode.zoomed == .participants)
    controller.handle(.character("z"))
    #expect(controller.state.screenMode.zoomed == nil)
    rows = Self.screen(controller.state, 80, 24)
    #expect(rows[1].contains("Participants"))
  }

  @Test func tabSkipsPanesTheScreenLeftOut() throws {
    let controller = try Fixture.demo(steps: 3)
    controller.screenResized(to: TerminalSize(width: 60, height: 18))
    var focused: [Pane] = []
    for _ in 0..<4 {
      controller.handle(.tab)
      focused.append(controller.state.focus)
    }
    #expect(!focused.contains(.composition), "\(focused)")
  }
}
