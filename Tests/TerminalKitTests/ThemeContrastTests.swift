import Testing

@testable import TerminalKit

/// Every bundled theme is readable from the back of the room: each role's text meets WCAG AA
/// (4.5:1 against the cells it sits on; pane borders, not text, 3:1), computed from the theme
/// files as xterm's palette draws them; and the colours that carry a meaning in the panes are
/// each used for one meaning only.
@Suite struct ThemeContrastTests {
  static func theme(_ file: String) throws -> Theme {
    let path = BundledThemeTests.themesDirectory + "/" + file
    return ThemeParser.parse(try String(contentsOfFile: path, encoding: .utf8), file: path).theme
  }

  @Test(arguments: BundledThemeTests.themeFiles)
  func everyRoleMeetsAAContrast(file: String) throws {
    let theme = try Self.theme(file)
    for role in ThemeRole.allCases {
      let needed = role == .border || role == .borderFocused ? 3.0 : 4.5
      let ratio = Contrast.ratio(of: theme[role])
      #expect(ratio >= needed, "\(file): \(role) is \(ratio):1, needs \(needed):1")
    }
  }

  /// The roles that mean one thing each in the panes (the help's colour legend).
  static let meaningRoles: [ThemeRole] = [
    .publish, .subscribe, .success, .warning, .error, .stale, .accent, .muted,
  ]

  @Test(arguments: BundledThemeTests.themeFiles)
  func eachColourMeansOneThing(file: String) throws {
    let theme = try Self.theme(file)
    // A theme without colour tells meanings apart by attributes alone.
    let colourless = ThemeRole.allCases.allSatisfy {
      theme[$0].foreground == .default && theme[$0].background == .default
    }
    for (index, first) in Self.meaningRoles.enumerated() {
      for second in Self.meaningRoles.dropFirst(index + 1) {
        let (a, b) = (Contrast.colours(of: theme[first]), Contrast.colours(of: theme[second]))
        let sameColour =
          a.text == b.text && a.background == b.background
        let same = colourless ? sameColour && theme[first] == theme[second] : sameColour
        #expect(!same, "\(file): \(first) and \(second) look alike")
      }
    }
  }

  @Test func theMeasureIsWCAGs() {
    #expect(
      abs(Contrast.ratio(of: Style(foreground: .rgb(255, 255, 255), background: .black)) - 21)
        < 0.01)
    // The example: xterm's blue on black is 2.2:1.
    let blue = Contrast.ratio(of: Style(foreground: .blue, background: .black))
    #expect(blue > 2.2 && blue < 2.3)
    // Reverse swaps; the terminal's own colours are a dark terminal's.
    #expect(Contrast.ratio(of: Style(attributes: .reverse)) == Contrast.ratio(of: Style()))
    #expect(Contrast.ratio(of: Style(attributes: .dim)) < Contrast.ratio(of: Style()))
  }
}
