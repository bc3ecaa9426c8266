import Foundation
import MonitorUI
import TerminalKit
import Testing

/// Every bundled theme either paints every cell of the screen (background and foreground) or
/// says in its file that it shows the terminal's own background: rendered whole, at 100×30,
/// with the panes, the help overlay, the token deck and the command line.
@Suite struct ThemePaintTests {
  static let themesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Themes").path

  static let themeNames: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: themesDirectory)) ?? [])
    .filter { $0.hasSuffix(".theme") }.map { String($0.dropLast(6)) }.sorted()

  /// The screens a theme must paint: panes after the demo's "feature the guest" step, help,
  /// deck, and the command line being typed.
  static func screens(_ theme: Theme) throws -> [(String, CellGrid)] {
    let controller = try Fixture.demo(steps: 1, theme: theme)
    controller.handle(.character("y"))
    controller.perform(.nextStep)
    var screens: [(String, CellGrid)] = [("panes", render(controller.state))]
    controller.perform(.help)
    screens.append(("help", render(controller.state)))
    controller.perform(.close)
    controller.perform(.exchange)
    screens.append(("deck", render(controller.state)))
    controller.perform(.close)
    controller.perform(.commandLine)
    Fixture.type("pub", into: controller)
    screens.append(("command line", render(controller.state)))
    return screens
  }

  static func render(_ state: AppState) -> CellGrid {
    var grid = CellGrid(width: 100, height: 30)
    Screen.render(state, into: &grid)
    return grid
  }

  @Test func everyShippedThemeIsChecked() {
    #expect(Self.themeNames.count >= 5)
    #expect(Self.themeNames.contains("light") && Self.themeNames.contains("high-contrast"))
  }

  @Test(arguments: themeNames)
  func themePaintsEveryCellOrDeclaresTheTerminalBackground(_ name: String) throws {
    let loaded = ThemeLoader(environment: [:]).load(name)
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.description))")
    let theme = loaded.theme
    guard theme.paintsBackground else {
      // Declared, not forgotten: a file without `background =` gets a warning (checked above).
      #expect(["default", "monochrome"].contains(name), "\(name) shows the terminal background")
      return
    }
    for (screen, grid) in try Self.screens(theme) {
      var unpainted: [String] = []
      for y in 0..<grid.height {
        for x in 0..<grid.width {
          guard let style = grid.style(x: x, y: y) else { continue }
          if style.background == .default || style.foreground == .default {
            unpainted.append("(\(x),\(y))")
          }
        }
      }
      #expect(
        unpainted.count == 0,
        "\(name), \(screen): \(unpainted.count) cells on the terminal's colours, e.g. \(unpainted.prefix(5))"
      )
    }
  }

  @Test func highContrastFillsItsPanesWithBlack() throws {
    let theme = ThemeLoader(environment: [:])
      .load("high-contrast").theme
    let grid = try Self.screens(theme)[0].1
    let row = try #require(Fixture.row(containing: "Detail: guest", in: grid))
    // Inside the detail pane, past the end of its text: painted, not the terminal's.
    let style = try #require(grid.style(x: 60, y: row + 8))
    #expect(style.background == .black)
  }
}
