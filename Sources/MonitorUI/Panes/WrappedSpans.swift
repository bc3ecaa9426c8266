import TerminalKit

/// Spans broken at spaces over several rows, so a long line (the demo's narration, a question
/// with its keys) reads in full instead of being cut at the screen edge. The last row clips.
struct WrappedSpans {
  /// One placed piece: its row, column and text with its span's role and attributes.
  struct Piece {
    let row: Int
    let column: Int
    let span: Span
  }

  /// The pieces, in drawing order.
  let pieces: [Piece]
  /// Rows used (at least 1).
  let rows: Int

  /// Lays out `spans` in `width` columns, using at most `maxRows` rows.
  init(_ spans: [Span], width: Int, maxRows: Int) {
    var pieces: [Piece] = []
    var row = 0
    var column = 0
    for span in spans {
      for word in Self.words(span.text) {
        let bare = String(word.reversed().drop { $0 == " " }.reversed())
        if column > 0, column + Span.columns(bare) > width, row + 1 < maxRows {
          row += 1
          column = 0
        }
        var text = column == 0 && row > 0 ? String(word.drop { $0 == " " }) : word
        if column + Span.columns(text) > width, column + Span.columns(bare) <= width { text = bare }
        let piece = Span(text, span.role, attributes: span.attributes)
        pieces.append(Piece(row: row, column: column, span: piece))
        column += Span.columns(text)
      }
    }
    self.pieces = pieces
    rows = row + 1
  }

  /// Draws the pieces into `rect`, clipping each row at its width.
  func draw(in rect: Rect, theme: Theme, into grid: inout CellGrid) {
    for piece in pieces where piece.row < rect.height && piece.column < rect.width {
      let style = theme[piece.span.role].adding(piece.span.attributes)
      grid.put(
        piece.span.text, x: rect.x + piece.column, y: rect.y + piece.row, style: style,
        maxWidth: rect.width - piece.column)
    }
  }

  /// `text` cut after each run of spaces: "a b  c" → "a ", "b  ", "c".
  private static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    for character in text {
      if character != " ", current.last == " " {
        words.append(current)
        current = ""
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}
