/// A key press as the UI sees it, independent of how the terminal encoded it (curses key codes
/// or raw escape bytes), so keymaps and tests speak one language.
public enum Key: Hashable, Sendable {
  /// A printable character, including space (`.character(" ")`).
  case character(Character)
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Enter / Return (CR or LF).
  case enter
  /// Escape on its own (not the start of a sequence).
  case escape
  /// Tab.
  case tab
  /// Shift-Tab (back tab).
  case backTab
  /// Backspace (DEL or BS byte, or the curses backspace key).
  case backspace
  /// Forward delete.
  case delete
  /// Function key F1...F63.
  case function(Int)
  /// Control plus a key, the key in lower case: Ctrl-C is `.control("c")`.
  case control(Character)
  /// Not a key: the terminal was resized; re-layout and redraw.
  case resize

  /// A short human label for help text and the footer, e.g. "↑", "Shift-Tab", "Ctrl-C", "Space".
  public var label: String {
    switch self {
    case .character(" "): return "Space"
    case .character(let character): return String(character)
    case .control(let character): return "Ctrl-" + character.uppercased()
    case .function(let number): return "F\(number)"
    default: return Key.fixedLabels[self] ?? ""
    }
  }

  /// The label where the terminal has no Unicode arrows: arrows become words ("Down"), never a
  /// letter such as `v` that is itself a key.
  public var asciiLabel: String {
    switch self {
    case .up: return "Up"
    case .down: return "Down"
    case .left: return "Left"
    case .right: return "Right"
    default: return label
    }
  }

  /// `asciiLabel` when `ascii`, else `label`: what a footer or help line prints for this key.
  public func label(ascii: Bool) -> String { ascii ? asciiLabel : label }

  /// The key a name denotes, as help prints it or spelled in words: one character (`x`, `J`,
  /// `?`), `Space`, `Tab`, `Shift-Tab`, `Enter`, `Esc`, `Up`/`↑` (and the other arrows), `PgUp`,
  /// `PgDn`, `Home`, `End`, `Backspace`, `Del`, `F1`…`F63`, `Ctrl-X`. Names longer than one
  /// character ignore case. Nil for anything else (a keybindings file reports it).
  public init?(name: String) {
    let lowered = name.lowercased()
    if let key = Key.named[lowered] {
      self = key
    } else if name.count == 1, let character = name.first, !character.isWhitespace {
      self = .character(character)
    } else if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last,
      letter.isASCII, letter.isLetter
    {
      self = .control(letter)
    } else if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()),
      (1...63).contains(number)
    {
      self = .function(number)
    } else {
      return nil
    }
  }

  /// Lower-cased names of the keys that are not one character.
  private static let named: [String: Key] = {
    // `#` after a space starts a comment in keys.conf, so the # key has a name too.
    var names: [String: Key] = [
      "space": .character(" "), "escape": .escape, "return": .enter, "hash": .character("#"),
    ]
    for (key, label) in fixedLabels where key != .resize { names[label.lowercased()] = key }
    for key in [Key.up, .down, .left, .right] { names[key.asciiLabel.lowercased()] = key }
    return names
  }()

  private static let fixedLabels: [Key: String] = [
    .up: "↑", .down: "↓", .left: "←", .right: "→", .pageUp: "PgUp", .pageDown: "PgDn",
    .home: "Home", .end: "End", .enter: "Enter", .escape: "Esc", .tab: "Tab",
    .backTab: "Shift-Tab", .backspace: "Backspace", .delete: "Del", .resize: "Resize",
  ]
}
