import InputKit

/// A grid as an SVG picture (`:screenshot` writes it beside the text and ANSI files): what a
/// README or a bug report can show in colour without a terminal. Each run of cells in one style
/// is one `<text>` stretched to exactly its columns (so any monospace font keeps the grid), on a
/// `<rect>` of its background; the terminal's default colours are xterm's (light grey on black).
extension GridExport {
  /// Pixels per column and per row.
  public static let svgCell = (width: 9, height: 18)
  /// The colours a terminal shows for `Color.default`.
  static let defaultForeground = (UInt8(229), UInt8(229), UInt8(229))
  static let defaultBackground = (UInt8(0), UInt8(0), UInt8(0))

  /// The whole grid as an SVG document.
  public static func svg(_ grid: CellGrid) -> String {
    let (width, height) = (grid.width * svgCell.width, grid.height * svgCell.height)
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      viewBox="0 0 \(width) \(height)" font-family="monospace" font-size="15">
      <rect width="\(width)" height="\(height)" fill="\(hex(defaultBackground))"/>

      """
    for y in 0..<grid.height {
      for run in runs(grid, row: y) { out += element(run, row: y) }
    }
    return out + "</svg>\n"
  }

  /// Cells of one style side by side: where they start, how many columns, their text.
  struct Run {
    let x: Int
    let columns: Int
    let text: String
    let style: Style
  }

  /// Row `y` cut where the style changes (a wide grapheme's continuation joins its run).
  static func runs(_ grid: CellGrid, row y: Int) -> [Run] {
    var runs: [Run] = []
    var start = 0
    var text = ""
    var style = grid.cell(x: 0, y: y)?.style ?? .plain
    for x in 0...grid.width {
      let cell = x < grid.width ? grid.cell(x: x, y: y) : nil
      if let cell, cell.style == style || cell.isContinuation {
        text += cell.symbol
        continue
      }
      if x > start { runs.append(Run(x: start, columns: x - start, text: text, style: style)) }
      start = x
      text = cell?.symbol ?? ""
      style = cell?.style ?? .plain
    }
    return runs
  }

  /// The background rectangle (unless the default) and the text (unless blank) of `run`.
  private static func element(_ run: Run, row y: Int) -> String {
    let reversed = run.style.isReversed
    let background = rgb(
      reversed ? run.style.foreground : run.style.background, isForeground: reversed)
    let foreground = rgb(
      reversed ? run.style.background : run.style.foreground, isForeground: !reversed)
    let (left, top) = (run.x * svgCell.width, y * svgCell.height)
    var out = ""
    if background != hex(defaultBackground) {
      out +=
        "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(run.columns * svgCell.width)\" "
        + "height=\"\(svgCell.height)\" fill=\"\(background)\"/>\n"
    }
    let blank = run.text.allSatisfy { $0 == " " }
    guard !blank || run.style.isUnderlined else { return out }
    out +=
      "<text x=\"\(left)\" y=\"\(top + svgCell.height * 3 / 4)\" "
      + "textLength=\"\(run.columns * svgCell.width)\" lengthAdjust=\"spacingAndGlyphs\" "
      + "xml:space=\"preserve\" fill=\"\(foreground)\"\(attributes(run.style))>"
      + escaped(run.text) + "</text>\n"
    return out
  }

  private static func attributes(_ style: Style) -> String {
    var out = ""
    if style.isBold { out += " font-weight=\"bold\"" }
    if style.attributes.contains(.italic) { out += " font-style=\"italic\"" }
    if style.isUnderlined { out += " text-decoration=\"underline\"" }
    if style.attributes.contains(.dim) { out += " fill-opacity=\"0.6\"" }
    return out
  }

  /// `#rrggbb` of `color`; the terminal's default is the default foreground or background.
  static func rgb(_ color: Color, isForeground: Bool) -> String {
    switch color {
    case .default: return hex(isForeground ? defaultForeground : defaultBackground)
    case .ansi(let index): return hex(ColorPalette.rgb(ofIndex: index % 16))
    case .indexed(let index): return hex(ColorPalette.rgb(ofIndex: index))
    case .rgb(let red, let green, let blue): return hex((red, green, blue))
    }
  }

  private static func hex(_ rgb: (UInt8, UInt8, UInt8)) -> String {
    "#"
      + [rgb.0, rgb.1, rgb.2].map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
  }

  /// `text` safe inside an XML element (XML 1.0-invalid characters replaced).
  static func escaped(_ text: String) -> String {
    XMLText.escaped(text)
  }
}
