import Foundation
import InputKit
import Testing

@testable import TerminalKit

/// The SVG screenshot read back: every cell's text, colours and attributes where the grid has
/// them.
@Suite struct SVGExportTests {
  /// A grid with every feature: styles, reverse, a wide grapheme, XML's special characters.
  static func sample() -> CellGrid {
    var grid = CellGrid(width: 12, height: 3)
    grid.fill(grid.bounds, style: Style(foreground: .white, background: .indexed(236)))
    grid.put("a<b>&c", x: 0, y: 0, style: Style(foreground: .brightRed, attributes: .bold))
    grid.put("日本", x: 7, y: 0, style: Style(foreground: .rgb(1, 2, 3)))
    grid.put("sel", x: 1, y: 1, style: Style(foreground: .black, background: .cyan))
    grid.put("rev", x: 5, y: 1, style: Style(foreground: .green, attributes: .reverse))
    grid.put("plain  text", x: 0, y: 2)
    return grid
  }

  /// What the SVG shows: each cell's symbol, foreground and background (`#rrggbb`).
  struct Shown {
    var symbols: [[String]]
    var foregrounds: [[String?]]
    var backgrounds: [[String]]
  }

  /// Reads `svg` back into cells of `width`×`height`.
  static func read(_ svg: String, width: Int, height: Int) throws -> Shown {
    let cell = GridExport.svgCell
    var shown = Shown(
      symbols: Array(repeating: Array(repeating: " ", count: width), count: height),
      foregrounds: Array(repeating: Array(repeating: nil, count: width), count: height),
      backgrounds: Array(repeating: Array(repeating: "#000000", count: width), count: height))
    let rect = /<rect x="(\d+)" y="(\d+)" width="(\d+)" height="\d+" fill="(#[0-9a-f]{6})"\/>/
    for match in svg.matches(of: rect) {
      let (x, y, columns) = (Int(match.1) ?? 0, Int(match.2) ?? 0, Int(match.3) ?? 0)
      for column in x / cell.width..<(x + columns) / cell.width {
        shown.backgrounds[y / cell.height][column] = String(match.4)
      }
    }
    let text =
      /<text x="(\d+)" y="(\d+)" textLength="(\d+)" [^>]*fill="(#[0-9a-f]{6})"[^>]*>([^<]*)<\/text>/
    for match in svg.matches(of: text) {
      let row = (Int(match.2) ?? 0) / cell.height
      var column = (Int(match.1) ?? 0) / cell.width
      let content = String(match.5).replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
      #expect(DisplayWidth.of(content) * cell.width == Int(match.3), "\(content)")
      for character in content {
        shown.symbols[row][column] = String(character)
        let columns = DisplayWidth.of(character)
        for part in column..<column + columns { shown.foregrounds[row][part] = String(match.4) }
        if columns == 2 { shown.symbols[row][column + 1] = "" }
        column += columns
      }
    }
    return shown
  }

  @Test func theSVGShowsEveryCellOfTheGrid() throws {
    let grid = Self.sample()
    let svg = GridExport.svg(grid)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"108\" height=\"54\""))
    #expect(svg.hasSuffix("</svg>\n"))
    let shown = try Self.read(svg, width: grid.width, height: grid.height)
    for y in 0..<grid.height {
      for x in 0..<grid.width {
        let cell = try #require(grid.cell(x: x, y: y))
        let reversed = cell.style.isReversed
        let background = GridExport.rgb(
          reversed ? cell.style.foreground : cell.style.background, isForeground: reversed)
        let foreground = GridExport.rgb(
          reversed ? cell.style.background : cell.style.foreground, isForeground: !reversed)
        #expect(shown.symbols[y][x] == cell.symbol, "symbol at \(x),\(y)")
        #expect(shown.backgrounds[y][x] == background, "background at \(x),\(y)")
        if cell.symbol != " " {
          #expect(shown.foregrounds[y][x] == foreground, "foreground at \(x),\(y)")
        }
      }
    }
  }

  @Test func attributesAndEscapingAreKept() {
    let svg = GridExport.svg(Self.sample())
    #expect(svg.contains("fill=\"#ff0000\" font-weight=\"bold\">a&lt;b&gt;&amp;c</text>"))
    #expect(svg.contains(">日本</text>"))
    #expect(!svg.contains("a<b"))
  }

  @Test(arguments: [
    (Color.default, true, "#e5e5e5"), (Color.default, false, "#000000"),
    (Color.ansi(1), true, "#cd0000"), (Color.indexed(236), true, "#303030"),
    (Color.rgb(1, 2, 255), false, "#0102ff"),
  ])
  func coloursAreXtermsRGB(color: Color, isForeground: Bool, expected: String) {
    #expect(GridExport.rgb(color, isForeground: isForeground) == expected)
  }
}
