import InputKit

/// The running state of one `ThemeParser.parse` call: what has been read so far and what went
/// wrong, line by line.
struct ParseState {
  let file: String
  var name: String?
  /// The `background =` colour; nil when the file has no such line (the terminal's own).
  var background: Color?
  var styles: [ThemeRole: Style] = [:]
  var diagnostics: [ThemeDiagnostic] = []
  private var definedOn: [ThemeRole: Int] = [:]
  private var currentLine: Int?

  init(file: String) {
    self.file = file
  }

  mutating func read(_ rawLine: Substring, number: Int) {
    currentLine = number
    let line = rawLine.trimmingWhitespace()
    guard !line.isEmpty, !line.hasPrefix("#") else { return }
    guard let equals = line.firstIndex(of: "=") else {
      report(.error, key: nil, "expected 'role = style' but found no '='")
      return
    }
    let key = line[..<equals].trimmingWhitespace()
    let value = line[line.index(after: equals)...].trimmingWhitespace()
    guard !key.isEmpty else {
      report(.error, key: nil, "missing role name before '='")
      return
    }
    switch key.lowercased() {
    case "name": readName(value)
    case "background": readBackground(value)
    default:
      readRole(key, value: value, line: number)
    }
  }

  /// Warns about every role, and the background, the file did not define (not tied to a line).
  mutating func reportMissingRoles() {
    currentLine = nil
    for role in ThemeRole.allCases where styles[role] == nil {
      report(.warning, key: role.rawValue, "not defined; using the built-in default's style")
    }
    if background == nil {
      report(.warning, key: "background", "not defined; the terminal's own background shows")
    }
  }

  mutating func report(_ severity: ThemeDiagnostic.Severity, key: String?, _ message: String) {
    diagnostics.append(
      ThemeDiagnostic(
        severity, file: file, line: currentLine, key: key.map(Excerpt.of), message: message))
  }

  private mutating func readName(_ value: String) {
    guard !value.isEmpty else { return report(.error, key: "name", "empty theme name") }
    guard name == nil else { return report(.error, key: "name", "theme name given twice") }
    name = value
  }

  /// `background = COLOR` paints the theme's own background; `background = terminal` says the
  /// theme deliberately shows the terminal's.
  private mutating func readBackground(_ value: String) {
    guard background == nil else {
      return report(.error, key: "background", "background given twice; keeping the first")
    }
    if value.lowercased() == "terminal" {
      background = .default
      return
    }
    switch ThemeParser.parseColor(value) {
    case .success(let color): background = color
    case .failure(let error): report(.error, key: "background", error.message)
    }
  }

  private mutating func readRole(_ key: String, value: String, line: Int) {
    guard let role = ThemeRole(themeKey: key) else {
      return report(.error, key: key, "unknown role (roles are listed in docs/THEMES.md)")
    }
    if let first = definedOn[role] {
      return report(.error, key: key, "defined twice (first on line \(first)); keeping the first")
    }
    guard !value.isEmpty else { return report(.error, key: key, "no style after '='") }
    switch ThemeParser.parseStyle(value) {
    case .success(let style):
      styles[role] = style
      definedOn[role] = line
    case .failure(let error):
      report(.error, key: key, error.message)
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces/tabs (and a trailing CR from CRLF files).
  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(self[first..<scalars.index(after: last)])
  }
}
