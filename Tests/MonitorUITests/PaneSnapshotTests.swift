import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// Each pane rendered at a fixed size after the demo's "feature the guest" step (guest
/// publishing with new attributes that older SDKs and the composition have not seen), on the
/// demo's 2025 day, when a composition moved its layout only on republish or reconnect.
/// Expected text was reviewed by eye against SPEC §3.4 and §4.
@Suite struct PaneSnapshotTests {
  /// Demo as of 2025-12-01 opened live (4 joins), then co-host upgrade, its answer, feature the
  /// guest; the script selected the guest.
  static func featuredGuest() throws -> AppState {
    try featuredGuestController().state
  }

  /// The controller behind `featuredGuest()`.
  static func featuredGuestController() throws -> AppController {
    try Fixture.demoOnReconnect(steps: 3)
  }

  @Test func participantsPaneDropsColumnsThatDoNotFitAndMarksSelection() throws {
    let state = try Self.featuredGuest()
    let grid = Fixture.render(width: 80, height: 8) { rect, grid in
      ParticipantsView.render(state, in: rect, into: &grid)
    }
    #expect(
      Fixture.text(grid) == [
        "┌ ▸ Participants 4 ────────────────────────────────────────────────────────────┐",
        "│  ID             SDK            CAP CONNECTION   PUBLISH    EXPIRES           │",
        "│  host           ios@1.37.0     PS  connected    published  in 12h            │",
        "│▶ guest          android@1.37.0 PS  connected    published  in 12h            │",
        "│  viewer-android android@1.36.0 -S  connected    —          in 12h            │",
        "│  viewer-web     web@1.32.0     -S  connected    —          in 12h            │",
        "│                                                                              │",
        "└──────────────────────────────────────────────────────────────────────────────┘",
      ])
    let theme = Fixture.theme
    #expect(grid.style(x: 0, y: 0) == theme[.borderFocused])
    #expect(grid.style(x: 5, y: 3) == theme[.selection])
    #expect(grid.style(x: 5, y: 2) == theme[.text])
    #expect(grid.style(x: 2, y: 1) == theme[.header])
  }

  @Test func participantsPaneShowsEveryColumnWhenWide() throws {
    let state = try Self.featuredGuest()
    let grid = Fixture.render(width: 100, height: 5) { rect, grid in
      ParticipantsView.render(state, in: rect, into: &grid)
    }
    #expect(
      Fixture.text(grid)[1]
        == "│  ID             USER_ID    SDK            CAP CONNECTION   PUBLISH    SUBS EXPIRES"
        + "               │")
    #expect(
      Fixture.text(grid)[2]
        == "│  host           alice      ios@1.37.0     PS  connected    published  1    in 12h"
        + "                │")
  }

  @Test func detailPaneShowsWhoSeesWhatWithStaleMarkersAndNoSignature() throws {
    let state = try Self.featuredGuest()
    let grid = Fixture.render(width: 100, height: 16) { rect, grid in
      DetailView.render(state, in: rect, into: &grid)
    }
    let text = Fixture.text(grid)
    // Each reason names the rule that decided it (w opens the rule's text), on a line of its
    // own when it does not fit beside the differing fields.
    #expect(
      Array(text.prefix(11)) == [
        "┌ Detail: guest (bob) ─────────────────────────────────────────────────────────────────────────────┐",
        "│android@1.37.0  connected  published  cap publish subscribe                                       │",
        "│strategy publish=ask subscribe=audioVideo                                                         │",
        "│who sees what  truth: bob {featured=true, order=0}                                                │",
        "│  host            ios@1.37.0      current bob {featured=true, order=0}                            │",
        "│  viewer-android  android@1.36.0   STALE  featured=– order=2  bob                                 │",
        "│                  sees it on republish [visibility.republish-only]                                │",
        "│  viewer-web      web@1.32.0       STALE  featured=– order=2  bob                                 │",
        "│                  sees it on republish [visibility.republish-only]                                │",
        "│  composition     on-reconnect     STALE  featured=– order=2  bob                                 │",
        "│                  sees it on republish or reconnect [composition.layout.on-reconnect]             │",
      ])
    #expect(
      text[11]
        == "│token keyPair  exp 2026-01-02T00:00:00Z (expires in 12h)                                          │"
    )
    #expect(
      text[14]
        == "│  exp          1767312000 (2026-01-02T00:00:00Z)                                                  │"
    )
    let staleColumn = try #require(Fixture.column(of: "STALE", in: grid, row: 5))
    #expect(grid.style(x: staleColumn - 1, y: 5) == Fixture.theme[.stale].adding(.bold))
    #expect(grid.style(x: staleColumn, y: 5) == Fixture.theme[.stale].adding(.bold))
    let reasonColumn = try #require(Fixture.column(of: "sees it on republish", in: grid, row: 6))
    #expect(grid.style(x: reasonColumn, y: 6) == Fixture.theme[.warning])
    let currentColumn = try #require(Fixture.column(of: "current", in: grid, row: 4))
    #expect(grid.style(x: currentColumn, y: 4) == Fixture.theme[.success])
    #expect(grid.style(x: 0, y: 0) == Fixture.theme[.border])
  }

  @Test func detailPaneEndsWithTheRedactionNoticeNotTheSignature() throws {
    var state = try Self.featuredGuest()
    state.detailScroll = 100
    let grid = Fixture.render(width: 100, height: 12) { rect, grid in
      DetailView.render(state, in: rect, into: &grid)
    }
    let text = Fixture.text(grid)
    #expect(text[10].contains("signature never shown"))
    #expect(text.contains { $0.contains("version") && $0.contains("1.0") })
    #expect(!text.joined().contains("redacted>"))
  }

  @Test func compositionPaneShowsLagUnderOnReconnectInASCII() throws {
    let state = try Self.featuredGuest()
    let grid = Fixture.render(width: 60, height: 7, glyphs: .ascii) { rect, grid in
      CompositionView.render(state, in: rect, into: &grid)
    }
    #expect(
      Fixture.text(grid) == [
        "+ Composition ---------------------------------------------+",
        "|grid featured=featured order=order                        |",
        "|updates on-reconnect                                      |",
        "|LAGS the truth (on-reconnect)                             |",
        "|  would be *guest .host                                   |",
        "| 1 . tile     host                                        |",
        "+----------------------------------------------------------+",
      ])
    #expect(grid.style(x: 1, y: 3) == Fixture.theme[.stale].adding(.bold))
  }

  @Test func compositionFollowsAtOnceUnderLivePolicy() throws {
    let controller = try Fixture.demoOnReconnect(steps: 2)
    controller.handle(.backTab)
    controller.handle(.backTab)
    #expect(controller.state.focus == .composition)
    controller.handle(.character("v"))
    controller.perform(.nextStep)
    let state = controller.state
    let grid = Fixture.render(width: 60, height: 7) { rect, grid in
      CompositionView.render(state, in: rect, into: &grid)
    }
    #expect(
      Fixture.text(grid) == [
        "┌ ▸ Composition ───────────────────────────────────────────┐",
        "│grid featured=featured order=order                        │",
        "│updates live                                              │",
        "│ 1 ★ featured guest                                       │",
        "│ 2 ▪ tile     host                                        │",
        "│                                                          │",
        "└──────────────────────────────────────────────────────────┘",
      ])
  }

  @Test func logPaneShowsPlatformNamesWithSymbolAndRole() throws {
    let state = try Self.featuredGuest()
    let grid = Fixture.render(width: 160, height: 19) { rect, grid in
      LogView.render(state, in: rect, into: &grid)
    }
    // Wide: source and observer columns; subjects wrap whole, each with its rule's ID.
    #expect(
      Fixture.text(grid) == [
        "┌ Events 76 ───────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┐",
        "│12:00:00 ✎ runner                     exchangeAccepted                          guest [exchange.service-checks]                                               │",
        "│12:00:00 ✎ server                     TOKEN_EXCHANGED                           guest user_id=bob {featured=true, order=0} [publish,subscribe]                │",
        "│                                                                                [exchange.service-checks]                                                     │",
        "│12:00:00 ✎ client      host           participantMetadataDidUpdate              guest user_id=bob {featured=true, order=0} [publish,subscribe]                │",
        "│                                                                                [visibility.metadata-event.mobile]                                            │",
        "│12:00:00 ≠ belief      viewer-android beliefChanged                             guest → stale user_id=bob {order=2} ≠ truth user_id=bob {featured=true,       │",
        "│                                                                                order=0} reason=android@1.36.0 has no participantMetadataUpdated (iOS/Android │",
        "│                                                                                1.37.0, Web 1.33.0): sees the change when guest republishes or reconnects     │",
        "│                                                                                [visibility.republish-only]                                                   │",
        "│12:00:00 ≠ belief      viewer-web     beliefChanged                             guest → stale user_id=bob {order=2} ≠ truth user_id=bob {featured=true,       │",
        "│                                                                                order=0} reason=web@1.32.0 has no participantMetadataUpdated (iOS/Android     │",
        "│                                                                                1.37.0, Web 1.33.0): sees the change when guest republishes or reconnects     │",
        "│                                                                                [visibility.republish-only]                                                   │",
        "│12:00:00 ≠ belief      main           beliefChanged                             guest → stale user_id=bob {order=2} ≠ truth user_id=bob {featured=true,       │",
        "│                                                                                order=0} reason=composition main (on-reconnect) keeps the attributes guest    │",
        "│                                                                                started publishing with: sees the change when guest republishes or reconnects │",
        "│                                                                                [composition.layout.on-reconnect]                                             │",
        "└──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘",
      ])
    #expect(grid.style(x: 10, y: 2) == Fixture.theme[.metadata])
    #expect(grid.style(x: 12, y: 6) == Fixture.theme[.stale])
    #expect(grid.style(x: 1, y: 1) == Fixture.theme[.muted])
    let rule = try #require(Fixture.column(of: "[visibility.", in: grid, row: 5))
    #expect(grid.style(x: rule, y: 5) == Fixture.theme[.muted])
  }

  @Test func narrowLogKeepsNamesWholeAndWrapsSubjects() throws {
    let state = try Self.featuredGuest()
    let grid = Fixture.render(width: 100, height: 10) { rect, grid in
      LogView.render(state, in: rect, into: &grid)
    }
    // Narrow: one column for the observer (or the source); the name column is as wide as
    // the longest name in the window; the newest event sits at the bottom, its subject and its
    // rule wrapped whole; the line above it is cut by the pane's top, and the one row left of it
    // says so rather than show its head as if it were the whole event.
    #expect(
      Fixture.text(grid) == [
        "┌ Events 76 ───────────────────────────────────────────────────────────────────────────────────────┐",
        "│↑ 7 lines of 12:00:00 viewer-web beliefChanged                                                    │",
        "│12:00:00 ≠ main           beliefChanged                guest → stale user_id=bob {order=2} ≠ truth│",
        "│                                                       user_id=bob {featured=true, order=0}       │",
        "│                                                       reason=composition main (on-reconnect)     │",
        "│                                                       keeps the attributes guest started         │",
        "│                                                       publishing with: sees the change when guest│",
        "│                                                       republishes or reconnects                  │",
        "│                                                       [composition.layout.on-reconnect]          │",
        "└──────────────────────────────────────────────────────────────────────────────────────────────────┘",
      ])
    #expect(grid.style(x: 12, y: 2) == Fixture.theme[.stale])
    #expect(grid.style(x: 1, y: 1) == Fixture.theme[.muted])
  }

  /// #30: the line the pane's top cuts shows its last rows, the ones next to the newer events,
  /// under a marker that names it and counts the rows above the pane.
  @Test func theLogsTopLineShowsItsLastRowsUnderAMarker() throws {
    let state = try Self.featuredGuest()
    let grid = Fixture.render(width: 160, height: 13) { rect, grid in
      LogView.render(state, in: rect, into: &grid)
    }
    #expect(
      Fixture.text(grid) == [
        "┌ Events 76 ───────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┐",
        "│↑ 2 more lines of 12:00:00 viewer-android beliefChanged                                                                                                       │",
        "│                                                                                1.37.0, Web 1.33.0): sees the change when guest republishes or reconnects     │",
        "│                                                                                [visibility.republish-only]                                                   │",
        "│12:00:00 ≠ belief      viewer-web     beliefChanged                             guest → stale user_id=bob {order=2} ≠ truth user_id=bob {featured=true,       │",
        "│                                                                                order=0} reason=web@1.32.0 has no participantMetadataUpdated (iOS/Android     │",
        "│                                                                                1.37.0, Web 1.33.0): sees the change when guest republishes or reconnects     │",
        "│                                                                                [visibility.republish-only]                                                   │",
        "│12:00:00 ≠ belief      main           beliefChanged                             guest → stale user_id=bob {order=2} ≠ truth user_id=bob {featured=true,       │",
        "│                                                                                order=0} reason=composition main (on-reconnect) keeps the attributes guest    │",
        "│                                                                                started publishing with: sees the change when guest republishes or reconnects │",
        "│                                                                                [composition.layout.on-reconnect]                                             │",
        "└──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘",
      ])
    #expect(grid.style(x: 1, y: 1) == Fixture.theme[.muted])
  }

  /// #30: scrolled up to the oldest events, the log fills from its top and the line its bottom
  /// cuts shows its head and first rows above a marker counting the rows below the pane.
  @Test func scrolledToTheOldestTheLogsBottomLineEndsWithAMarker() throws {
    var state = try Self.featuredGuest()
    state.logScroll = state.log.visibleCount - 1
    let grid = Fixture.render(width: 100, height: 10) { rect, grid in
      LogView.render(state, in: rect, into: &grid)
    }
    #expect(
      Fixture.text(grid) == [
        "┌ Events 76 ───────────────────────────────────────────────────────────────────────────────────────┐",
        "│12:00:00 ▶ runner         step                           join host                                │",
        "│12:00:00 ● host           didChangeConnectionState       host → connecting [token.valid-at-join]  │",
        "│12:00:00 ● host           didChangeConnectionState       host → connected [token.valid-at-join]   │",
        "│12:00:00 + server         JOINED                         host [token.valid-at-join]               │",
        "│12:00:00 ? host           shouldPublishParticipant       host answer=true [join.asks-publish]     │",
        "│12:00:00 ? host           streamsToPublishForParticipant host answer=audioVideo                   │",
        "│                                                         [join.asks-publish]                      │",
        "│↓ 2 lines of 12:00:00 host didChangePublishState                                                  │",
        "└──────────────────────────────────────────────────────────────────────────────────────────────────┘",
      ])
    #expect(grid.style(x: 1, y: 8) == Fixture.theme[.muted])
  }

  @Test func headerNamesStageClockTimelinePublishersPolicyAndDriver() throws {
    let state = try Fixture.demo(steps: 3).state
    let grid = Fixture.render(width: 120, height: 1) { rect, grid in
      HeaderView.render(state, in: rect, into: &grid)
    }
    #expect(
      Fixture.text(grid) == [
        " stage DemoStage01 │ 2026-01-01T12:00:00Z │ step 7/13 ▕████░░░░▏ │ publishers 2/12 │ grid live  ▶ guest (android@1.37.0)"
      ])
    #expect(grid.style(x: 2, y: 0) == Fixture.theme[.header])
  }

  @Test func tooSmallScreenShowsOnlyTheNotice() throws {
    let state = try Self.featuredGuest()
    var grid = CellGrid(width: 30, height: 10)
    Screen.render(state, into: &grid)
    #expect(
      Fixture.text(grid) == [
        "", "", "",
        "      terminal too small",
        "          need 40×12",
        "          now 30×10",
        "           q quits",
        "", "", "",
      ])
    #expect(grid.style(x: 6, y: 3) == Fixture.theme[.warning])
  }

  @Test func asciiFallbackUsesOnlyASCII() throws {
    let state = try Fixture.demo(steps: 3).state
    var grid = CellGrid(width: 120, height: 40, glyphs: .ascii)
    Screen.render(state, into: &grid)
    let text = Fixture.text(grid)
    #expect(text[1].hasPrefix("+ > Participants 4 ----"))
    #expect(text[4].hasPrefix("|> guest "))
    #expect(text[0].contains("| step 7/13 [####----] |"))
    #expect(text[0].hasSuffix("grid live  > guest (android@1.37.0)"))
    let nonASCII = text.joined().unicodeScalars.filter { !$0.isASCII }
    #expect(nonASCII.isEmpty, "non-ASCII: \(String(String.UnicodeScalarView(nonASCII.prefix(20))))")
  }
}

/// Issue 19 item 13: STALE rows lead with what differs; observers that do not fit are counted.
extension PaneSnapshotTests {
  @Test func aStaleRowShowsTheDifferingFieldsFirstInTheStaleStyle() throws {
    let state = try Self.featuredGuest()
    let grid = Fixture.render(width: 100, height: 16) { rect, grid in
      DetailView.render(state, in: rect, into: &grid)
    }
    let column = try #require(Fixture.column(of: "featured=– order=2", in: grid, row: 5))
    #expect(grid.style(x: column, y: 5) == Fixture.theme[.stale])
  }

  @Test func observersThatDoNotFitAreCounted() throws {
    let state = try Self.featuredGuest()
    let grid = Fixture.render(width: 100, height: 7) { rect, grid in
      DetailView.render(state, in: rect, into: &grid)
    }
    let text = Fixture.text(grid)
    #expect(
      text[5] == "│  … 3 more observer(s) below (scroll the detail pane)"
        + String(repeating: " ", count: 45) + "│", "\(text)")
  }
}

/// Issue 19 item 13: a STALE row's differing fields wrap whole at 80 columns.
extension PaneSnapshotTests {
  /// host publishes with a long title and exchanges a new one; viewer (Web 1.32) keeps the
  /// old title until host republishes.
  static let longStale = #"""
    {
      "stage": { "arn": "arn:aws:ivs:us-west-2:123456789012:stage/LongStale01" },
      "participants": [
        { "id": "host", "sdk": "ios@1.37.0", "userId": "alice",
          "capabilities": ["publish", "subscribe"], "strategy": { "publish": "always" },
          "attributes": { "title": "the opening keynote of the spring product launch, live from hall B", "order": "1" } },
        { "id": "viewer", "sdk": "web@1.32.0", "capabilities": ["subscribe"] }
      ],
      "steps": [ { "join": "host" }, { "join": "viewer" },
        { "exchange": "host", "token": { "attributes": { "title": "questions and answers with the product team after the keynote", "order": "1" } } } ]
    }
    """#

  @Test func aLongStaleRowWrapsItsDifferingFieldsWholeAt80Columns() throws {
    let scenario = try Scenario(parsing: Self.longStale, file: "long.json", baseDirectory: ".")
    let setup = try MonitorSetup(scenario: scenario, file: "long.json", prepared: [])
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme,
      options: MonitorOptions())
    for _ in 0..<3 { controller.perform(.nextStep) }
    let grid = Fixture.render(width: 80, height: 16) { rect, grid in
      DetailView.render(controller.state, in: rect, into: &grid)
    }
    let text = Fixture.text(grid)
    let row = try #require(text.firstIndex { $0.contains(" STALE ") }, "\(text)")
    #expect(
      Array(text[row...(row + 2)]) == [
        "│  viewer           STALE  title=the opening keynote of the spring product     │",
        "│                           launch, live from hall B  alice order=1            │",
        "│                  sees it on republish [visibility.republish-only]            │",
      ], "\(text)")
    let column = try #require(Fixture.column(of: "title=the opening", in: grid, row: row))
    #expect(grid.style(x: column, y: row) == Fixture.theme[.stale])
  }
}
