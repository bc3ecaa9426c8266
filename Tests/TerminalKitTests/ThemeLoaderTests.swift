import Foundation
import Testing

@testable import TerminalKit

@Suite struct ThemeLoaderTests {
  let bundled = BundledThemeTests.themesDirectory

  private func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "terminalkit-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func loadsABundledThemeByName() {
    let loader = ThemeLoader(environment: [:])
    let result = loader.load("light")
    #expect(result.theme.name == "light")
    #expect(result.diagnostics.isEmpty)
    #expect(result.source == "light.theme (built in)")
  }

  @Test func userThemeInXDGConfigOverridesBundled() throws {
    let config = try temporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: config + "/stagemon/themes", withIntermediateDirectories: true)
    try "name = my-light\ntext = red".write(
      toFile: config + "/stagemon/themes/light.theme", atomically: true, encoding: .utf8)
    let loader = ThemeLoader(environment: ["XDG_CONFIG_HOME": config])
    let result = loader.load("light")
    #expect(result.theme.name == "my-light")
    #expect(result.theme[.text] == Style(foreground: .red))
    #expect(loader.availableThemeNames().contains("monochrome"))
  }

  @Test func homeConfigIsUsedWithoutXDG() {
    let loader = ThemeLoader(environment: ["HOME": "/home/u"], bundled: [:])
    #expect(loader.userDirectory == "/home/u/.config/stagemon/themes")
  }

  @Test func brokenThemeFileYieldsErrorsAndAUsableTheme() throws {
    let directory = try temporaryDirectory()
    let path = directory + "/broken.theme"
    try "name = broken\ntext = red\nerror = nocolour\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = ThemeLoader(environment: [:]).load(path)
    #expect(result.hasErrors)
    let error = try #require(result.diagnostics.first { $0.severity == .error })
    #expect(error.file == path && error.line == 3 && error.key == "error")
    #expect(result.theme[.text] == Style(foreground: .red))
    #expect(result.theme[.error] == Theme.builtInDefault[.error])
  }

  @Test func missingPathFallsBackToBuiltInDefault() throws {
    let result = ThemeLoader(environment: [:]).load("/nope/x.theme")
    #expect(result.theme == Theme.builtInDefault)
    #expect(result.source == "built-in")
    let error = try #require(result.diagnostics.first)
    #expect(error.file == "/nope/x.theme" && error.message.contains("no such file"))
  }

  @Test func unknownNameFallsBackToBuiltInDefault() throws {
    let result = ThemeLoader(environment: [:]).load("neon")
    #expect(result.theme == Theme.builtInDefault)
    let message = try #require(result.diagnostics.first).message
    #expect(message.contains("no theme named 'neon'"))
    #expect(message.contains("the bundled themes (colorblind, default, high-contrast, light"))
  }

  @Test func defaultWithoutAnyFilesIsTheBuiltInDefaultSilently() {
    let result = ThemeLoader(environment: [:], bundled: [:]).load(nil)
    #expect(result.theme == Theme.builtInDefault)
    #expect(result.diagnostics.isEmpty)
  }

  @Test func noColourSelectsMonochromeForNamedThemes() {
    let loader = ThemeLoader(environment: [:])
    #expect(loader.load("light", colorDepth: .none).theme.name == "monochrome")
    #expect(loader.load(bundled + "/light.theme", colorDepth: .none).theme.name == "light")
  }
}
