import Foundation
import Testing

@testable import TerminalKit

@Suite struct BundledThemeTests {
  static let themesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Themes").path

  static let themeFiles: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: themesDirectory)) ?? [])
    .filter { $0.hasSuffix(".theme") }.sorted()

  @Test func theRequiredThemesShip() {
    for name in ["default", "light", "high-contrast", "monochrome", "colorblind"] {
      #expect(Self.themeFiles.contains("\(name).theme"))
    }
  }

  @Test(arguments: themeFiles)
  func bundledThemeParsesCleanlyAndDefinesEveryRole(file: String) throws {
    let path = Self.themesDirectory + "/" + file
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let (theme, diagnostics) = ThemeParser.parse(text, file: path)
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
    #expect(theme.name == ThemeParser.baseName(of: file))
  }

  @Test func monochromeUsesNoColour() throws {
    let text = try String(
      contentsOfFile: Self.themesDirectory + "/monochrome.theme", encoding: .utf8)
    let theme = ThemeParser.parse(text, file: "monochrome.theme").theme
    for role in ThemeRole.allCases {
      #expect(theme[role].foreground == .default && theme[role].background == .default)
    }
    #expect(theme[.selection].isReversed)
  }

  @Test func builtInDefaultMirrorsDefaultThemeFile() throws {
    let text = try String(contentsOfFile: Self.themesDirectory + "/default.theme", encoding: .utf8)
    #expect(ThemeParser.parse(text, file: "default.theme").theme == Theme.builtInDefault)
  }

  @Test func everyThemeFileIsCompiledInAsItIs() throws {
    let embedded = BundledThemes.embedded.map(\.name)
    #expect(embedded == Self.themeFiles.map { ThemeParser.baseName(of: $0) })
    for file in Self.themeFiles {
      let text = try String(contentsOfFile: Self.themesDirectory + "/" + file, encoding: .utf8)
      #expect(BundledThemes.byName[ThemeParser.baseName(of: file)] == text, "\(file)")
    }
  }
}
