import MonitorUI
import TerminalKit
import Testing

/// STALE is what a demo must show: in every bundled theme the `stale` role stands out (a
/// background or reverse video, bold, never dim), and the text marker carries the meaning
/// without colour.
@Suite struct StaleVisibilityTests {
  static let bundled = ["default", "light", "high-contrast", "monochrome", "colorblind"]

  @Test(arguments: bundled)
  func staleRoleIsProminent(name: String) {
    let result = ThemeLoader(environment: [:]).load(name)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.theme.name == name)
    let stale = result.theme[.stale]
    #expect(!stale.attributes.contains(.dim))
    #expect(stale.background != .default || stale.isReversed)
    #expect(stale.isBold)
    #expect(stale != result.theme[.selection])
  }

  @Test func builtInDefaultStaleMatchesTheDefaultFile() {
    let file = ThemeLoader(environment: [:]).load("default").theme
    #expect(Theme.builtInDefault[.stale] == file[.stale])
  }

  @Test func staleMarkerIsTextEvenWithoutColour() throws {
    var state = try PaneSnapshotTests.featuredGuest()
    state.theme = ThemeLoader(environment: [:]).load("monochrome", colorDepth: .none).theme
    // 60 columns: each observer's reason takes a row of its own under its badge.
    let grid = Fixture.render(width: 60, height: 16) { rect, grid in
      DetailView.render(state, in: rect, into: &grid)
    }
    let rows = Fixture.text(grid).filter {
      $0.hasPrefix("│  viewer-") || $0.hasPrefix("│  composition")
    }
    #expect(rows.count == 3)
    #expect(rows.allSatisfy { $0.contains(" STALE ") }, "\(rows)")
  }
}
