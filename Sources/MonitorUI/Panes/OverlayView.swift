import IVSRules
import TerminalKit

/// Overlays drawn over the panes: the help, the glossary, the rules and the token deck. An overlay is centred in the
/// space between the header and the status line and clears what it covers plus a one-cell
/// margin, so no pane shows through beside it.
public enum OverlayView {
  /// Beside an overlay, strips of the panes narrower than this are covered too: slivers of
  /// pane text next to a box read as noise.
  static let narrowestStrip = 8

  /// The centred box for an overlay at most `width` × `height` (its border included) on a
  /// screen of `bounds`, leaving room for the margin.
  public static func box(in bounds: Rect, width: Int, height: Int) -> Rect {
    let area = self.area(in: bounds).inset(by: 1)
    var boxWidth = min(max(20, width), area.width)
    if (area.width - boxWidth) / 2 < narrowestStrip { boxWidth = area.width }
    let boxHeight = min(max(8, height), area.height)
    return Rect(
      x: area.x + (area.width - boxWidth) / 2, y: area.y + (area.height - boxHeight) / 2,
      width: boxWidth, height: boxHeight)
  }

  /// The rows an overlay may use: below the header, above the status line and the footer.
  static func area(in bounds: Rect) -> Rect {
    Rect(x: bounds.x, y: bounds.y + 1, width: bounds.width, height: bounds.height - 3)
  }

  /// Paints `box` and the one-cell margin around it with the theme's background.
  public static func clear(_ box: Rect, theme: Theme, into grid: inout CellGrid) {
    let margin = Rect(x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2)
    grid.fill(margin.intersection(area(in: grid.bounds)), style: theme[.text])
  }

  /// The help box on a screen of `bounds`: 90 % of the width, the full height.
  static func helpBox(in bounds: Rect) -> Rect {
    box(in: bounds, width: bounds.width * 90 / 100, height: bounds.height)
  }

  /// The help's lines wrapped to its box on a screen `screenWidth` columns wide (what scrolling
  /// counts); continuation lines are indented past the key column.
  public static func helpLines(
    _ keymap: Keymap, ascii: Bool, screenWidth: Int, notes: [String] = [],
    keyProblems: [KeyFile.Problem] = []
  ) -> [[Span]] {
    let width = helpBox(in: Rect(width: screenWidth, height: 40)).width - 3
    let lines = HelpContent.lines(keymap, ascii: ascii, notes: notes, keyProblems: keyProblems)
    return lines.flatMap {
      Span.wrap($0, width: width, indent: String(repeating: " ", count: 32))
    }
  }

  /// The glossary's lines wrapped to its box on a screen `screenWidth` columns wide.
  public static func glossaryLines(screenWidth: Int) -> [[Span]] {
    let width = helpBox(in: Rect(width: screenWidth, height: 40)).width - 3
    let termWidth = PresenterText.glossary.map { $0.term.count }.max() ?? 0
    let indent = String(repeating: " ", count: termWidth + 4)
    let entries = PresenterText.glossary.flatMap { entry in
      Span.wrap(
        [
          Span(
            "  " + entry.term.padding(toLength: termWidth + 2, withPad: " ", startingAt: 0), .accent
          ),
          Span(entry.meaning),
        ], width: width, indent: indent)
    }
    return [[Span("The words on screen, in plain language", .title)], []] + entries
      + [[], [Span("g or Esc closes", .muted)]]
  }

  /// The rules' lines (`RuleText`, as `stagemon rules ID` prints them) wrapped to the help box
  /// on a screen `screenWidth` columns wide.
  public static func ruleLines(_ rules: [RuleID], screenWidth: Int) -> [[Span]] {
    let width = helpBox(in: Rect(width: screenWidth, height: 40)).width - 3
    let entries = rules.flatMap { id in
      let text = RuleText.lines(of: RuleBook.ivs.rule(id))
      let head = [Span(text.first ?? id.rawValue, .accent)]
      // Continuations line up under the text: the statement's at its indent, a labelled
      // line's ("  source: …") under the value, as RuleText's own continuation lines are.
      let body = text.dropFirst().flatMap { line in
        let labelled = line.dropFirst(2).prefix { $0 != " " }.hasSuffix(":")
        let indent = labelled ? 10 : line.prefix { $0 == " " }.count
        return Span.wrap([Span(line)], width: width, indent: String(repeating: " ", count: indent))
      }
      return [head] + body + [[]]
    }
    return entries + [[Span("w or Esc closes; stagemon rules ID prints a rule", .muted)]]
  }

  /// Renders the rules overlay scrolled by `scroll` lines.
  public static func renderRules(
    _ rules: [RuleID], _ state: AppState, scroll: Int, into grid: inout CellGrid
  ) {
    renderSheet(
      ruleLines(rules, screenWidth: grid.width), title: "Rules", state, scroll: scroll,
      into: &grid)
  }

  /// Renders the glossary overlay scrolled by `scroll` lines.
  public static func renderGlossary(_ state: AppState, scroll: Int, into grid: inout CellGrid) {
    renderSheet(
      glossaryLines(screenWidth: grid.width), title: "Glossary", state, scroll: scroll,
      into: &grid)
  }

  /// Renders `lines` in a box as tall as they need (at most the help's), scrolled by `scroll`.
  private static func renderSheet(
    _ lines: [[Span]], title: String, _ state: AppState, scroll: Int, into grid: inout CellGrid
  ) {
    let box = helpBox(in: grid.bounds)
    let height = min(box.height, lines.count + 2)
    let rect = Rect(
      x: box.x, y: box.y + (box.height - height) / 2, width: box.width, height: height)
    clear(rect, theme: state.theme, into: &grid)
    let inner = PaneFrame.draw(
      rect, title: title, focused: true, theme: state.theme, into: &grid)
    let first = min(scroll, max(0, lines.count - inner.height))
    for row in 0..<min(inner.height, lines.count - first) {
      Span.draw(
        lines[first + row], x: inner.x + 1, y: inner.y + row, width: inner.width - 1,
        theme: state.theme, into: &grid)
    }
  }

  /// Renders the help overlay scrolled by `scroll` lines.
  public static func renderHelp(_ state: AppState, scroll: Int, into grid: inout CellGrid) {
    let rect = helpBox(in: grid.bounds)
    clear(rect, theme: state.theme, into: &grid)
    let inner = PaneFrame.draw(rect, title: "Help", focused: true, theme: state.theme, into: &grid)
    let lines = helpLines(
      state.keymap, ascii: grid.glyphs == .ascii, screenWidth: grid.width,
      notes: state.importNotes, keyProblems: state.keyFileProblems)
    let first = min(scroll, max(0, lines.count - inner.height))
    for row in 0..<min(inner.height, lines.count - first) {
      Span.draw(
        lines[first + row], x: inner.x + 1, y: inner.y + row, width: inner.width - 1,
        theme: state.theme, into: &grid)
    }
  }
}
