import Foundation
import InputKit

/// The terminal's clipboard, reached with OSC 52 (`ESC ] 52 ; c ; BASE64 ESC \`): the terminal,
/// not stagemon, puts the text on the clipboard, so copying works over SSH and inside tmux
/// (with `set-clipboard on`). A terminal that ignores the sequence shows nothing, which is why
/// callers say the text was *sent* to the terminal's clipboard. What is copied passes through
/// `TerminalText.safe` (lines kept): a pasted value can hold no ESC (so no `ESC[201~` ending a
/// bracketed paste early), no CR and no other control, which is what paste-jacking needs. A copy
/// of several lines (a who-sees-what table holding a participant's `user_id`) is also made
/// inert for a shell it may be pasted into with bracketed paste off (`pasteText`).
public enum OSC52 {
  /// Terminals and tmux drop longer sequences; stagemon refuses to send them instead.
  public static let maximumBase64Bytes = 100_000

  /// The sequence that sets the clipboard to `text`, or nil when it would be longer than
  /// `maximumBase64Bytes`.
  public static func sequence(copying text: String) -> [UInt8]? {
    let encoded = Data(pasteText(text).utf8).base64EncodedData()
    guard encoded.count <= maximumBase64Bytes else { return nil }
    return Array("\u{1B}]52;c;".utf8) + Array(encoded) + Array("\u{1B}\\".utf8)
  }

  /// The characters a shell acts on inside a line whatever it began with: expansion and
  /// substitution (`$`, `` ` ``), command separators (`;`, `&`, `|`), redirections (`<`, `>`)
  /// and subshells (`(`, `)`).
  static let shellActive: Set<Character> = ["$", "`", ";", "&", "|", "<", ">", "(", ")"]

  /// What the clipboard receives for `text`: `TerminalText.safe` with lines kept. One line
  /// stays as it is and ends without a line feed, so pasting it runs nothing. Several lines
  /// each begin with `# ` (a comment in sh, bash, fish and zsh with `interactivecomments`) and
  /// show the characters in `shellActive` as escapes (`\x24`), so even where `#` is no comment
  /// (zsh's default) a line is only the harmless command `#` with inert words: no line a copy
  /// ends can make a shell run anything.
  public static func pasteText(_ text: String) -> String {
    let safe = TerminalText.safe(text, keepingLineBreaks: true)
    guard safe.contains("\n") else { return safe }
    return safe.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var inert = "# "
      for character in line {
        if shellActive.contains(character), let scalar = character.unicodeScalars.first {
          inert += TerminalText.visible(scalar)
        } else {
          inert.append(character)
        }
      }
      return inert
    }.joined(separator: "\n")
  }
}
