import Foundation
import InputKit

/// The terminal's clipboard, reached with OSC 52 (`ESC ] 52 ; c ; BASE64 ESC \`): the terminal,
/// not stagemon, puts the text on the clipboard, so copying works over SSH and inside tmux
/// (with `set-clipboard on`). A terminal that ignores the sequence shows nothing, which is why
/// callers say the text was *sent* to the terminal's clipboard. What is copied passes through
/// `TerminalText.safe` (lines kept): a pasted value can hold no ESC (so no `ESC[201~` ending a
/// bracketed paste early), no CR and no other control, which is what paste-jacking needs.
public enum OSC52 {
  /// Terminals and tmux drop longer sequences; stagemon refuses to send them instead.
  public static let maximumBase64Bytes = 100_000

  /// The sequence that sets the clipboard to `text`, or nil when it would be longer than
  /// `maximumBase64Bytes`.
  public static func sequence(copying text: String) -> [UInt8]? {
    let encoded = Data(TerminalText.safe(text, keepingLineBreaks: true).utf8).base64EncodedData()
    guard encoded.count <= maximumBase64Bytes else { return nil }
    return Array("\u{1B}]52;c;".utf8) + Array(encoded) + Array("\u{1B}\\".utf8)
  }
}
