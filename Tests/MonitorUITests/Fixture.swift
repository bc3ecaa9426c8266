import Foundation
import IVSRules
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// Builds controllers on the built-in demo with a fixed theme, and renders panes into grids.
enum Fixture {
  static let theme = Theme.builtInDefault

  /// A controller on the demo (opened live: its setup steps already ran) after `steps` more
  /// scripted steps; `asOf` pins the day of IVS it tells (default: today's).
  static func demo(
    steps: Int = 0, logLines: Int = 1000, theme: Theme = theme, keymap: Keymap = .standard,
    saveDirectory: String = FileManager.default.temporaryDirectory.path, asOf: ServiceDate? = nil
  ) throws
    -> AppController
  {
    let setup = try MonitorSetup.demo(asOf: asOf)
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(themes: [theme, lightTheme]), theme: theme,
      options: MonitorOptions(logLines: logLines, saveDirectory: saveDirectory, keymap: keymap))
    for _ in 0..<steps { controller.perform(.nextStep) }
    return controller
  }

  /// A day when a composition moved its layout only on republish or reconnect
  /// (`composition.layout-on-reconnect`): the demo on this day tells the 2025 story, a STALE
  /// composition until the guest republishes.
  static var onReconnectDay: ServiceDate {
    get throws { try ServiceDate(parsing: "2025-12-01") }
  }

  /// The demo on `onReconnectDay` (see `demo`).
  static func demoOnReconnect(steps: Int = 0, logLines: Int = 1000, theme: Theme = theme)
    throws -> AppController
  {
    try demo(steps: steps, logLines: logLines, theme: theme, asOf: onReconnectDay)
  }

  /// A controller on the scenario file at `path`, opened as `stagemon FILE` opens it, once its
  /// records are aligned (the thread aligning them never races a test).
  static func controller(scenarioAt path: String) throws -> AppController {
    let controller = AppController(
      setup: try MonitorSetup.file(path), themes: ThemeCatalog(themes: [theme]), theme: theme,
      options: MonitorOptions())
    controller.waitForAlignment()
    return controller
  }

  /// A second theme for cycling tests.
  static let lightTheme = Theme(name: "light", styles: [.text: Style(foreground: .black)])

  /// Types `text` as character keys.
  static func type(_ text: String, into controller: AppController) {
    for character in text { controller.handle(.character(character)) }
  }

  /// Renders a pane of `state` into a grid of `width`×`height`.
  static func render(
    width: Int, height: Int, glyphs: BorderGlyphs = .unicode,
    _ draw: (Rect, inout CellGrid) -> Void
  ) -> CellGrid {
    var grid = CellGrid(width: width, height: height, glyphs: glyphs)
    draw(grid.bounds, &grid)
    return grid
  }

  /// The grid's rows with trailing spaces trimmed.
  static func text(_ grid: CellGrid) -> [String] {
    grid.text(trimmingTrailingSpaces: true)
  }

  /// The column where `needle` starts in row `y`, if it occurs.
  static func column(of needle: String, in grid: CellGrid, row y: Int) -> Int? {
    let cells = (0..<grid.width).compactMap { grid.cell(x: $0, y: y) }
    let symbols = cells.map(\.symbol)
    let wanted = needle.map(String.init)
    guard wanted.count <= symbols.count else { return nil }
    for start in 0...(symbols.count - wanted.count)
    where Array(symbols[start..<start + wanted.count]) == wanted {
      return start
    }
    return nil
  }

  /// The row index of the first row containing `needle`.
  static func row(containing needle: String, in grid: CellGrid) -> Int? {
    text(grid).firstIndex { $0.contains(needle) }
  }
}
