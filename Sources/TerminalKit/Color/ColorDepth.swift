/// How many colours the terminal can show. Everything drawn is downgraded to this, so a theme
/// written in 24-bit colour still works on a 16-colour console, and `NO_COLOR` means no colour.
public enum ColorDepth: Int, Comparable, CaseIterable, Sendable {
  /// No colour at all (NO_COLOR, `--no-color`, dumb terminals); attributes still apply.
  case none
  /// The 8 basic ANSI colours (Linux console).
  case color8
  /// The 16 ANSI colours.
  case color16
  /// The xterm 256-colour palette.
  case color256
  /// 24-bit colour.
  case trueColor

  /// Orders depths from fewest to most colours, so callers can cap with `min`.
  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// Works out the depth to use. `noColorFlag` (`--no-color`) or a non-empty `NO_COLOR` wins
  /// (see no-color.org); then `COLORTERM=truecolor|24bit`; then the terminal's colour count as
  /// curses reports it (`COLORS`), if known; then a guess from `TERM`.
  public static func detect(
    environment: [String: String], noColorFlag: Bool = false, terminalColors: Int? = nil
  ) -> ColorDepth {
    if noColorFlag || !(environment["NO_COLOR"] ?? "").isEmpty { return .none }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
    if let terminalColors { return depth(forColorCount: terminalColors) }
    return depth(forTerm: environment["TERM"] ?? "")
  }

  static func depth(forColorCount count: Int) -> ColorDepth {
    switch count {
    case (1 << 24)...: return .trueColor
    case 256...: return .color256
    case 16...: return .color16
    case 8...: return .color8
    default: return .none
    }
  }

  private static func depth(forTerm term: String) -> ColorDepth {
    let term = term.lowercased()
    if term.isEmpty || term == "dumb" { return .none }
    if term.hasSuffix("-direct") { return .trueColor }
    if term.contains("256color") { return .color256 }
    if term == "linux" || term == "vt100" || term == "ansi" { return .color8 }
    return .color16
  }
}
