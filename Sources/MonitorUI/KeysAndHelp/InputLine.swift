/// A one-line text input at the bottom of the screen: the log filter, the `:` command line, or
/// the value a deck entry asks for. Text is bounded (`maximumBytes`) and edited in place, so a
/// keystroke costs the same at 10 bytes or 64 KB.
public struct InputLine: Equatable, Sendable {
  /// What the typed text is for.
  public enum Purpose: Equatable, Sendable {
    /// The log filter; applied whenever typing pauses.
    case filter
    /// The `:` command line.
    case command
    /// The value for the highlighted deck entry.
    case deckValue
    /// Whether to replace this existing file (`y` confirms).
    case overwrite(String)
    /// `expect` steps to add to the session (recorded from the selected participant).
    case expectation
  }

  /// An input holds at most this many UTF-8 bytes (64 KiB; a JWT is under 8 KB).
  public static let maximumBytes = 65_536

  /// What it is for.
  public var purpose: Purpose
  /// The text typed so far.
  public private(set) var text: String
  /// Why the last edit was not taken whole (shown instead of the hint), else nil.
  public private(set) var notice: String?

  /// Creates an input line.
  public init(_ purpose: Purpose, text: String = "") {
    self.purpose = purpose
    self.text = ""
    insert(text)
  }

  /// The prompt shown before the text.
  public var prompt: String {
    switch purpose {
    case .filter: return "/"
    case .command: return ":"
    case .deckValue: return "value: "
    case .overwrite(let path): return "overwrite \(path)? (y/N) "
    case .expectation: return "expect: "
    }
  }

  /// Appends typed or pasted text as one line: line breaks and tabs become spaces, other
  /// control characters are dropped, and whatever would pass `maximumBytes` is left out with a
  /// notice. Returns whether everything was taken.
  @discardableResult
  public mutating func insert(_ typed: String) -> Bool {
    notice = nil
    var room = Self.maximumBytes - text.utf8.count
    for character in typed {
      guard let clean = Self.oneLine(character) else { continue }
      let size = clean.utf8.count
      guard size <= room else {
        markCut()
        return false
      }
      text.append(clean)
      room -= size
    }
    return true
  }

  /// Says that text was left out to stay within `maximumBytes`.
  public mutating func markCut() {
    notice = "input is limited to 64 KB: the rest was left out"
  }

  /// At most the first 40 characters of `text`, for messages that quote what was typed.
  public static func preview(_ text: String) -> String {
    text.dropFirst(40).isEmpty ? text : text.prefix(39) + "…"
  }

  /// Removes the last character (Backspace).
  public mutating func deleteLast() {
    notice = nil
    if !text.isEmpty { text.removeLast() }
  }

  /// Replaces the whole text (Tab completion), within the same bound.
  public mutating func replace(with new: String) {
    text = ""
    insert(new)
  }

  private static func oneLine(_ character: Character) -> Character? {
    guard let scalar = character.unicodeScalars.first else { return nil }
    if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
      return " "
    }
    return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? nil : character
  }
}
