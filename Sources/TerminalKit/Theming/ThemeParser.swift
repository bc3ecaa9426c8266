import InputKit

/// Reads the theme file format documented in `docs/THEMES.md`:
/// `role = FG [on BG] [bold] [underline] [reverse] [dim] [italic]`, `name = NAME`, `#` comments.
/// Never fails: bad lines are skipped and reported, missing roles come from the fallback theme.
public enum ThemeParser {
  /// Parses theme text. `file` is only used in diagnostics. The result always defines every role.
  public static func parse(
    _ text: String, file: String, fallback: Theme = .builtInDefault
  ) -> (theme: Theme, diagnostics: [ThemeDiagnostic]) {
    var state = ParseState(file: file)
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (offset, line) in lines.enumerated() {
      state.read(line, number: offset + 1)
    }
    state.reportMissingRoles()
    let name = state.name ?? baseName(of: file)
    let theme = Theme(
      name: name, styles: state.styles, fallback: fallback, background: state.background ?? .default
    )
    return (theme, state.diagnostics)
  }

  /// Parses the right-hand side of a role line into a style, or says what is wrong with it.
  public static func parseStyle(_ value: String) -> Result<Style, ThemeValueError> {
    var style = Style()
    var sawForeground = false
    var sawBackground = false
    var tokens = value.split(whereSeparator: \.isWhitespace).map(String.init)[...]
    while let token = tokens.popFirst() {
      let word = token.lowercased()
      if let attribute = attributeNames[word] {
        style.attributes.insert(attribute)
        continue
      }
      if word == "on" {
        guard !sawBackground else { return .failure(ThemeValueError("background given twice")) }
        guard let colorToken = tokens.popFirst() else {
          return .failure(ThemeValueError("'on' must be followed by a background colour"))
        }
        switch parseColor(colorToken) {
        case .success(let color): style.background = color
        case .failure(let error): return .failure(error)
        }
        sawBackground = true
        continue
      }
      guard !sawForeground, !sawBackground else {
        return .failure(
          ThemeValueError("unexpected \(Excerpt.quoted(token)) (expected an attribute or 'on')"))
      }
      switch parseColor(token) {
      case .success(let color): style.foreground = color
      case .failure(let error): return .failure(error)
      }
      sawForeground = true
    }
    return .success(style)
  }

  /// Parses a colour: a name, `0`-`255`, or `#rrggbb`.
  public static func parseColor(_ token: String) -> Result<Color, ThemeValueError> {
    let word = token.lowercased()
    if let color = colorNames[word] { return .success(color) }
    if word.hasPrefix("#") { return parseHex(word) }
    if let number = Int(word) {
      guard (0...255).contains(number) else {
        return .failure(ThemeValueError("colour index \(number) is out of range 0-255"))
      }
      return .success(number < 16 ? .ansi(UInt8(number)) : .indexed(UInt8(number)))
    }
    return .failure(
      ThemeValueError("unknown colour or attribute \(Excerpt.quoted(token)) (see docs/THEMES.md)")
    )
  }

  private static func parseHex(_ word: String) -> Result<Color, ThemeValueError> {
    let digits = word.dropFirst()
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else {
      return .failure(ThemeValueError("\(Excerpt.quoted(word)) is not a #rrggbb colour"))
    }
    return .success(
      .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)))
  }

  static func baseName(of path: String) -> String {
    let last = PathName.name(of: path)
    return last.hasSuffix(".theme") ? String(last.dropLast(6)) : last
  }

  private static let attributeNames: [String: TextAttributes] = [
    "bold": .bold, "underline": .underline, "reverse": .reverse, "dim": .dim, "italic": .italic,
  ]

  private static let colorNames: [String: Color] = {
    let base = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
    var names: [String: Color] = ["default": .default, "grey": .brightBlack, "gray": .brightBlack]
    for (index, name) in base.enumerated() {
      names[name] = .ansi(UInt8(index))
      names["bright" + name] = .ansi(UInt8(index + 8))
    }
    return names
  }()
}
