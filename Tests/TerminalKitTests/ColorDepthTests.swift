import Testing

@testable import TerminalKit

@Suite struct ColorDepthTests {
  static let detection: [([String: String], Bool, Int?, ColorDepth)] = [
    (["NO_COLOR": "1", "COLORTERM": "truecolor"], false, 256, .none),
    (["NO_COLOR": "", "TERM": "xterm-256color"], false, nil, .color256),
    (["TERM": "xterm-256color"], true, nil, .none),
    (["COLORTERM": "truecolor", "TERM": "xterm"], false, 8, .trueColor),
    (["COLORTERM": "24bit"], false, nil, .trueColor),
    (["TERM": "xterm"], false, 256, .color256),
    (["TERM": "xterm"], false, 8, .color8),
    (["TERM": "xterm"], false, 0, .none),
    (["TERM": "xterm-256color"], false, nil, .color256),
    (["TERM": "linux"], false, nil, .color8),
    (["TERM": "dumb"], false, nil, .none),
    ([:], false, nil, .none),
    (["TERM": "xterm"], false, nil, .color16),
    (["TERM": "xterm-direct"], false, nil, .trueColor),
  ]

  @Test(arguments: detection)
  func detectsDepth(
    environment: [String: String], flag: Bool, colors: Int?, expected: ColorDepth
  ) {
    #expect(
      ColorDepth.detect(environment: environment, noColorFlag: flag, terminalColors: colors)
        == expected)
  }

  static let downgrades: [(Color, ColorDepth, Color)] = [
    (.rgb(1, 2, 3), .trueColor, .rgb(1, 2, 3)),
    (.rgb(255, 0, 0), .color256, .indexed(196)),
    (.rgb(0x80, 0x80, 0x80), .color256, .indexed(244)),
    (.rgb(0xE6, 0x9F, 0x00), .color256, .indexed(178)),
    (.rgb(0, 0, 0), .color256, .indexed(16)),
    (.indexed(141), .color256, .indexed(141)),
    (.rgb(250, 10, 10), .color16, .ansi(9)),
    (.rgb(0, 0, 200), .color16, .ansi(4)),
    (.indexed(244), .color16, .ansi(8)),
    (.indexed(3), .color16, .ansi(3)),
    (.indexed(196), .color16, .ansi(9)),
    (.ansi(9), .color8, .ansi(1)),
    (.ansi(12), .color8, .ansi(4)),
    (.rgb(0, 255, 0), .color8, .ansi(2)),
    (.red, .none, .default),
    (.rgb(9, 9, 9), .none, .default),
    (.default, .color8, .default),
  ]

  @Test(arguments: downgrades)
  func downgradesColour(color: Color, depth: ColorDepth, expected: Color) {
    #expect(color.downgraded(to: depth) == expected)
  }

  @Test func noColourKeepsAttributes() {
    let style = Style(foreground: .red, background: .blue, attributes: [.bold, .reverse])
    #expect(style.downgraded(to: .none) == Style(attributes: [.bold, .reverse]))
  }

  @Test func themeDowngradeAppliesToEveryRole() {
    let theme = Theme.builtInDefault.downgraded(to: .none)
    for role in ThemeRole.allCases {
      #expect(theme[role].foreground == .default && theme[role].background == .default)
    }
    #expect(theme[.error].isBold)
  }
}
