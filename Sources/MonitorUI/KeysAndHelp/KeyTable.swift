/// The key table of `docs/MONITOR.md`, made from the keymap as the help overlay and the footer
/// are (lazygit generates its cheatsheet from its bindings the same way), so the manual cannot
/// promise a key the monitor lacks or miss one it has. A test fails when the file is stale.
public enum KeyTable {
  /// The line before the generated table in the document.
  public static let begin = "<!-- key table: generated from Keymap, do not edit -->"
  /// The line after it.
  public static let end = "<!-- end of key table -->"

  /// The table in Markdown: each binding's keys, its action (the name `keys.conf` rebinds),
  /// what it does, and where and when it applies, in the keymap's order.
  public static func markdown(_ keymap: Keymap = .standard) -> String {
    var lines = ["| key | action | does | where, when |", "|---|---|---|---|"]
    for binding in keymap.bindings {
      let keys = binding.keys.map { "`\(cell($0.label(ascii: false)))`" }.joined(separator: " ")
      lines.append(
        "| \(keys) | `\(binding.action.rawValue)` | \(cell(binding.help)) | "
          + "\(cell(binding.qualifier ?? "anywhere")) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `document` with the text between `begin` and `end` replaced by the table; nil when it lacks
  /// either line.
  public static func updating(_ document: String, with keymap: Keymap = .standard) -> String? {
    guard let start = document.range(of: begin + "\n"),
      let stop = document.range(of: end, range: start.upperBound..<document.endIndex)
    else { return nil }
    return document[..<start.upperBound] + markdown(keymap) + document[stop.lowerBound...]
  }

  /// `text` as one cell of a Markdown table: a `|` would end the cell.
  private static func cell(_ text: String) -> String {
    text.replacing("|", with: "\\|")
  }
}
