/// What the live commands print of text the service sent (error messages, attributes): control
/// characters shown as `\u{…}`, so an answer cannot move the cursor or retitle the terminal.
/// One function, to be replaced by InputKit's `TerminalText.safe` when it lands.
public enum OutsideText {
  /// `text` with C0/C1 controls, DEL and bidirectional overrides made visible.
  public static func visible(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value)
      {
        out += "\\u{\(String(value, radix: 16))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
