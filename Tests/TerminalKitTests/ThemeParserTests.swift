import Testing

@testable import TerminalKit

@Suite struct ThemeParserTests {
  static let complete =
    (["background = terminal"] + ThemeRole.allCases.map { "\($0.rawValue) = default" })
    .joined(separator: "\n")

  @Test func parsesColoursBackgroundsAndAttributes() {
    let text = """
      # a comment
      name = mine

      text = brightwhite on #102030 bold underline
      accent = 208
      warning = reverse
      error = 3 on default italic dim
      """
    let (theme, diagnostics) = ThemeParser.parse(text + "\n" + Self.complete, file: "mine.theme")
    #expect(theme.name == "mine")
    #expect(
      theme[.text]
        == Style(
          foreground: .brightWhite, background: .rgb(16, 32, 48),
          attributes: [.bold, .underline]))
    #expect(theme[.accent] == Style(foreground: .indexed(208)))
    #expect(theme[.warning] == Style(attributes: .reverse))
    #expect(theme[.error] == Style(foreground: .yellow, attributes: [.italic, .dim]))
    // The complete block repeats every role, so the earlier lines make "defined twice" errors.
    #expect(diagnostics.count == 4)
    #expect(diagnostics.allSatisfy { $0.message.contains("defined twice") })
  }

  @Test func backgroundPaintsEveryRoleWithoutItsOwn() {
    let text = "background = #101010\ntext = 250\nselection = black on cyan\nwarning = reverse"
    let (theme, _) = ThemeParser.parse(text, file: "dark.theme")
    #expect(theme.paintsBackground)
    #expect(theme.background == .rgb(16, 16, 16))
    #expect(theme[.text] == Style(foreground: .indexed(250), background: .rgb(16, 16, 16)))
    #expect(theme[.selection] == Style(foreground: .black, background: .cyan))
    #expect(theme[.warning] == Style(background: .rgb(16, 16, 16), attributes: .reverse))
    #expect(theme[.runner].background == .rgb(16, 16, 16))
    let downgraded = theme.downgraded(to: .color256)
    #expect(downgraded[.text].background == downgraded.background)
    #expect(downgraded.background == .indexed(233))
  }

  @Test func terminalBackgroundIsDeclaredAndPaintsNothing() {
    let (theme, diagnostics) = ThemeParser.parse(Self.complete, file: "plain.theme")
    #expect(diagnostics.isEmpty)
    #expect(!theme.paintsBackground)
    #expect(ThemeRole.allCases.allSatisfy { theme[$0].background == .default })
  }

  @Test func backgroundGivenTwiceKeepsTheFirst() {
    let (theme, diagnostics) = ThemeParser.parse(
      "background = black\nbackground = white\n" + Self.complete, file: "t.theme")
    #expect(theme.background == .black)
    #expect(
      diagnostics.contains { $0.line == 2 && $0.key == "background" && $0.severity == .error })
  }

  @Test func roleNamesIgnoreCaseDashAndUnderscore() {
    #expect(ThemeRole(themeKey: "border_focused") == .borderFocused)
    #expect(ThemeRole(themeKey: "Publish-State") == .publishState)
    #expect(ThemeRole(themeKey: "nonsense") == nil)
  }

  static let badLines: [(line: String, key: String?, fragment: String)] = [
    ("text red", nil, "no '='"),
    ("= red", nil, "missing role name"),
    ("txet = red", "txet", "unknown role"),
    ("text =", "text", "no style"),
    ("text = purpel", "text", "unknown colour or attribute \"purpel\""),
    ("text = 300", "text", "out of range 0-255"),
    ("text = #12345", "text", "not a #rrggbb"),
    ("text = #gggggg", "text", "not a #rrggbb"),
    ("text = red on", "text", "'on' must be followed"),
    ("text = red on blue on green", "text", "background given twice"),
    ("text = red blue", "text", "unexpected \"blue\""),
    ("name =", "name", "empty theme name"),
    ("background = purpel", "background", "unknown colour or attribute \"purpel\""),
    ("text = " + String(repeating: "x", count: 5_000), "text", "… (5000 bytes)"),
  ]

  @Test(arguments: badLines)
  func badLineIsReportedWithFileLineAndKey(line: String, key: String?, fragment: String) throws {
    let text = "# header\n\(line)\n" + Self.complete
    let (theme, diagnostics) = ThemeParser.parse(text, file: "/tmp/bad.theme")
    let errors = diagnostics.filter { $0.severity == .error && $0.line == 2 }
    let error = try #require(errors.first)
    #expect(errors.count == 1)
    #expect(error.file == "/tmp/bad.theme")
    #expect(error.key == key)
    #expect(error.message.contains(fragment), "\(error.message)")
    #expect(error.description.hasPrefix("/tmp/bad.theme:2: error: "))
    #expect(theme[.text] == Style())
  }

  @Test func roleDefinedTwiceKeepsTheFirst() {
    let (theme, diagnostics) = ThemeParser.parse("text = red\ntext = blue", file: "t.theme")
    #expect(theme[.text] == Style(foreground: .red))
    #expect(diagnostics.contains { $0.line == 2 && $0.key == "text" && $0.severity == .error })
  }

  @Test func missingRolesFallBackToDefaultWithWarnings() {
    let (theme, diagnostics) = ThemeParser.parse("name = tiny\ntext = red", file: "tiny.theme")
    #expect(theme[.text] == Style(foreground: .red))
    #expect(theme[.error] == Theme.builtInDefault[.error])
    let warnings = diagnostics.filter { $0.severity == .warning }
    #expect(warnings.count == ThemeRole.allCases.count - 1 + 1)
    #expect(warnings.contains { $0.key == "error" && $0.line == nil })
    #expect(warnings.contains { $0.key == "background" && $0.message.contains("terminal's own") })
    #expect(!diagnostics.contains { $0.severity == .error })
  }

  @Test func nameDefaultsToTheFileName() {
    let (theme, _) = ThemeParser.parse(Self.complete, file: "/x/y/ocean.theme")
    #expect(theme.name == "ocean")
  }

  @Test func crlfLinesParse() {
    let (theme, diagnostics) = ThemeParser.parse(
      Self.complete.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n", file: "w.theme")
    #expect(diagnostics.isEmpty)
    #expect(theme[.runner] == Style())
  }
}
