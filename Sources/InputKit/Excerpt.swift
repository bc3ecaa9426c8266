/// What a message may quote of text a person supplied: short text whole, long text as its start
/// and its length — so a 10 MB mistake is never echoed back whole to a terminal or a log — and
/// always through `TerminalText.safe`, so a quoted value cannot drive the terminal.
public enum Excerpt {
  /// Most characters of outside text a message shows.
  public static let maximumCharacters = 48

  /// `text` itself when short; otherwise its first characters, "…" and its size in bytes; with
  /// control and format characters shown as escapes.
  public static func of(_ text: String) -> String {
    TerminalText.safe(text, limit: maximumCharacters)
  }
}

extension Excerpt {
  /// `text` in double quotes, shortened as `of` does.
  public static func quoted(_ text: some StringProtocol) -> String {
    "\"" + of(String(text)) + "\""
  }

  /// As `quoted`, for text still held as UTF-8 bytes (a value read from a file and refused for
  /// its size): only its start is decoded, so a 1 GB value is never made a string to be quoted.
  public static func quoted(utf8 bytes: some Collection<UInt8>) -> String {
    let room = 4 * maximumCharacters
    guard bytes.count > room else { return quoted(String(decoding: bytes, as: UTF8.self)) }
    let head = String(decoding: bytes.prefix(room), as: UTF8.self)
    return "\"" + TerminalText.safe(head, limit: maximumCharacters, wholeBytes: bytes.count) + "\""
  }
}
