import InputKit
import TerminalKit

/// Wrapping styled text at word boundaries, so a long value continues on the next line of its
/// pane instead of being cut: narration, who-sees-what headers, composition settings, claim
/// values. Words longer than a line are split wherever the line ends.
extension Span {
  /// `spans` broken into lines of at most `width` columns; continuation lines start with
  /// `indent`. At most `maxLines` lines; when more would be needed the last one ends with
  /// `ellipsis`, so a cut is never silent.
  public static func wrap(
    _ spans: [Span], width: Int, indent: String = "", maxLines: Int = .max,
    ellipsis: String = "…"
  ) -> [[Span]] {
    // Most lines fit: they cost one measure, not a wrap (panes wrap every frame).
    let total = spans.reduce(0) { $0 + columns($1.text) }
    guard total > width, width > columns(indent) else { return [spans] }
    var wrapper = Wrapper(width: width, indent: indent)
    for span in spans {
      for piece in pieces(of: span.text) {
        wrapper.add(piece, role: span.role, attributes: span.attributes)
      }
    }
    return wrapper.finished(maxLines: maxLines, ellipsis: ellipsis)
  }

  /// Words with the spaces after them; leading spaces form a piece of their own.
  static func pieces(of text: String) -> [Substring] {
    var pieces: [Substring] = []
    var start = text.startIndex
    var inSpaces = text.first == " "
    for index in text.indices where (text[index] == " ") != inSpaces {
      if !inSpaces {
        inSpaces = true
        continue
      }
      pieces.append(text[start..<index])
      start = index
      inSpaces = false
    }
    if start < text.endIndex { pieces.append(text[start...]) }
    return pieces
  }
}

/// The running state of one `Span.wrap`: the lines so far and the columns used on the last.
private struct Wrapper {
  let width: Int
  let indent: String
  var lines: [[Span]] = [[]]
  var used = 0
  /// Whether the last line holds a word yet (besides its indent).
  var hasContent = false

  init(width: Int, indent: String) {
    self.width = width
    self.indent = indent
  }

  mutating func add(_ piece: Substring, role: ThemeRole, attributes: TextAttributes) {
    let wordWidth = DisplayWidth.of(String(piece).trimmingTrailingSpaces)
    guard wordWidth > 0 else {
      // Spaces only: kept inside a line (and as the first line's indentation), dropped
      // where a line breaks.
      if hasContent || lines.count == 1 { append(String(piece), role, attributes) }
      return
    }
    // A word too long for any line is split where it stands; others move to the next line.
    if hasContent, used + wordWidth > width, wordWidth <= width - columns(indent) { newLine() }
    var rest = String(piece)
    while used + DisplayWidth.of(rest.trimmingTrailingSpaces) > width {
      // A line already full (its last word and space end at the edge) takes nothing more.
      guard width - used > 0 else {
        newLine()
        continue
      }
      let (head, tail) = split(rest, at: width - used)
      append(head, role, attributes)
      newLine()
      rest = tail
    }
    append(rest, role, attributes)
    hasContent = true
  }

  mutating func finished(maxLines: Int, ellipsis: String) -> [[Span]] {
    trimTrailingSpaces()
    guard lines.count > maxLines, maxLines > 0 else { return lines }
    var kept = Array(lines.prefix(maxLines))
    var last = kept[maxLines - 1]
    let text = last.map(\.text).joined()
    let keep = max(0, width - DisplayWidth.of(ellipsis))
    if DisplayWidth.of(text) > keep {
      last = trimmed(last, to: keep)
    }
    last.append(Span(ellipsis, last.last?.role ?? .text))
    kept[maxLines - 1] = last
    return kept
  }

  private mutating func newLine() {
    trimTrailingSpaces()
    lines.append(indent.isEmpty ? [] : [Span(indent)])
    used = columns(indent)
    hasContent = false
  }

  private mutating func append(_ text: String, _ role: ThemeRole, _ attributes: TextAttributes) {
    guard !text.isEmpty else { return }
    lines[lines.count - 1].append(Span(text, role, attributes: attributes))
    used += DisplayWidth.of(text)
  }

  /// Drops the spaces that end the last line (a line break replaces them), so a full line
  /// is never one column too wide.
  private mutating func trimTrailingSpaces() {
    var line = lines[lines.count - 1]
    while let last = line.last, last.text.hasSuffix(" ") {
      let kept = last.text.trimmingTrailingSpaces
      line.removeLast()
      if !kept.isEmpty {
        line.append(Span(kept, last.role, attributes: last.attributes))
        break
      }
    }
    lines[lines.count - 1] = line
  }

  /// `text` split so that the head takes at most `room` columns (at least one character).
  private func split(_ text: String, at room: Int) -> (String, String) {
    var head = ""
    var taken = 0
    for character in text {
      let size = DisplayWidth.of(character)
      if taken + size > room, !head.isEmpty { break }
      head.append(character)
      taken += size
    }
    return (head, String(text.dropFirst(head.count)))
  }

  private func trimmed(_ spans: [Span], to room: Int) -> [Span] {
    var result: [Span] = []
    var left = room
    for span in spans where left > 0 {
      let (head, _) = split(span.text, at: left)
      let size = DisplayWidth.of(head)
      guard size <= left else { break }
      result.append(Span(head, span.role, attributes: span.attributes))
      left -= size
    }
    return result
  }

  private func columns(_ text: String) -> Int { DisplayWidth.of(text) }
}

extension String {
  /// The text without its trailing spaces, found walking back from the end (over the spaces
  /// only, not the whole text).
  fileprivate var trimmingTrailingSpaces: String {
    guard let last = lastIndex(where: { $0 != " " }) else { return "" }
    return String(self[...last])
  }
}
