import InputKit
import TerminalKit

/// A piece of text with a theme role: lines are built from spans so that every meaning is
/// named by role (and themed), never by a hard-coded colour.
public struct Span: Equatable, Sendable {
  /// The text.
  public var text: String
  /// Its role.
  public var role: ThemeRole
  /// Extra attributes on top of the role's style (e.g. bold for a STALE marker).
  public var attributes: TextAttributes

  /// Creates a span.
  public init(_ text: String, _ role: ThemeRole = .text, attributes: TextAttributes = []) {
    self.text = text
    self.role = role
    self.attributes = attributes
  }

  /// Draws `spans` left to right from (x, y), clipped to `width` columns.
  public static func draw(
    _ spans: [Span], x: Int, y: Int, width: Int, theme: Theme, into grid: inout CellGrid
  ) {
    var column = 0
    for span in spans where column < width {
      let style = theme[span.role].adding(span.attributes)
      column += grid.put(span.text, x: x + column, y: y, style: style, maxWidth: width - column)
    }
  }

  /// `text` cut or padded to exactly `width` columns (for table cells); a cut ends with
  /// `ellipsis` so truncation is never silent.
  public static func fit(_ text: String, _ width: Int, ellipsis: String = "…") -> String {
    let textWidth = columns(text)
    guard textWidth > width else { return text + spaces(width - textWidth) }
    var result = ""
    var used = 0
    for character in text {
      let size = DisplayWidth.of(character)
      if used + size > width - 1 { break }
      result.append(character)
      used += size
    }
    guard width > 0 else { return "" }
    return result + ellipsis + spaces(width - 1 - used)
  }

  /// `count` spaces (none when it is not positive). Table cells are padded every frame, and
  /// taking a ready run of spaces is cheaper than building one.
  static func spaces(_ count: Int) -> String {
    guard count > 0 else { return "" }
    return count < paddings.count ? paddings[count] : String(repeating: " ", count: count)
  }

  /// Runs of 0 to 64 spaces, wider than any table column.
  private static let paddings = (0...64).map { String(repeating: " ", count: $0) }

  /// Columns `text` takes: one per byte when it is printable ASCII (IDs, names, times — almost
  /// every cell), else the grapheme walk of `DisplayWidth`. Table cells are fitted every frame.
  static func columns(_ text: String) -> Int {
    let utf8 = text.utf8
    return utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? utf8.count : DisplayWidth.of(text)
  }
}
