import Foundation
import InputKit

/// Finds and loads a theme by name or path, in the documented search order: a path (from
/// `--theme PATH`) → `$XDG_CONFIG_HOME/stagemon/themes/NAME.theme` (default `~/.config`) →
/// bundled themes → the built-in default. Never throws and never crashes: problems come back as
/// diagnostics next to a usable theme.
public struct ThemeLoader: Sendable {
  /// Environment used for `XDG_CONFIG_HOME` and `HOME`; injectable for tests.
  public var environment: [String: String]
  /// The bundled themes' texts by name: those compiled into the program unless a test gives
  /// others (or none).
  public var bundled: [String: String]

  /// Creates a loader; by default it reads the process environment and the themes compiled into
  /// the program.
  public init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    bundled: [String: String] = BundledThemes.byName
  ) {
    self.environment = environment
    self.bundled = bundled
  }

  /// The user's theme directory: `$XDG_CONFIG_HOME/stagemon/themes`, or
  /// `$HOME/.config/stagemon/themes`; nil when neither variable is set.
  public var userDirectory: String? {
    if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
      return config + "/stagemon/themes"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/stagemon/themes"
  }

  /// Loads `request` (a theme name, or a path if it contains "/" or ends in ".theme"; nil means
  /// "default"). With `colorDepth == .none`, a named theme is replaced by "monochrome", whose
  /// meaning survives without colour; an explicit path is still honoured.
  public func load(_ request: String?, colorDepth: ColorDepth = .trueColor) -> ThemeLoadResult {
    let requested = request ?? "default"
    if ThemeLoader.isPath(requested) { return loadFile(requested) }
    let name = colorDepth == .none ? "monochrome" : requested
    let searched = [userDirectory].compactMap { $0 }.map { "\($0)/\(name).theme" }
    if let path = searched.first(where: { FileManager.default.isReadableFile(atPath: $0) }) {
      return loadFile(path)
    }
    if let text = bundled[name] {
      let source = BundledThemes.source(of: name)
      let (theme, diagnostics) = ThemeParser.parse(text, file: source)
      return ThemeLoadResult(theme: theme, diagnostics: diagnostics, source: source)
    }
    guard name != "default" else {
      return ThemeLoadResult(theme: .builtInDefault, diagnostics: [], source: "built-in")
    }
    let looked = (searched + ["the bundled themes (\(bundledNames))"]).joined(separator: ", ")
    let message =
      "no theme named '\(Excerpt.of(name))' (looked for \(looked)); using the built-in default"
    return ThemeLoadResult(
      theme: .builtInDefault, diagnostics: [ThemeDiagnostic(.error, file: name, message: message)],
      source: "built-in")
  }

  /// Names of all themes in the user directory and bundled with the program, sorted, for the
  /// UI's theme cycling.
  public func availableThemeNames() -> [String] {
    let files = userDirectory.map { directory in
      (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    }
    let names = (files ?? []).filter { $0.hasSuffix(".theme") }.map {
      ThemeParser.baseName(of: $0)
    }
    return Array(Set(names + bundled.keys + ["default"])).sorted()
  }

  private var bundledNames: String {
    bundled.isEmpty ? "none" : bundled.keys.sorted().joined(separator: ", ")
  }

  /// The largest theme file read; the bundled themes are under 2 KB.
  public static let maximumFileBytes = 64 << 10
  /// The longest theme line; a real one is under 80 characters.
  public static let maximumLineBytes = 1024

  private func loadFile(_ path: String) -> ThemeLoadResult {
    let text: String
    do {
      text = try BoundedInput.text(atPath: path, limit: Self.maximumFileBytes)
    } catch {
      return Self.unusable(path, "cannot use the theme file: \(error.reason)")
    }
    if let (number, length) = Self.firstOverlongLine(text) {
      return Self.unusable(
        path,
        "line \(number) is \(length) bytes long; theme lines are at most "
          + "\(Self.maximumLineBytes)")
    }
    let (theme, diagnostics) = ThemeParser.parse(text, file: path)
    return ThemeLoadResult(theme: theme, diagnostics: diagnostics, source: path)
  }

  /// The built-in default, with why the file at `path` was not used.
  private static func unusable(_ path: String, _ problem: String) -> ThemeLoadResult {
    let diagnostic = ThemeDiagnostic(
      .error, file: path, message: "\(problem); using the built-in default")
    return ThemeLoadResult(theme: .builtInDefault, diagnostics: [diagnostic], source: "built-in")
  }

  /// The number and byte length of the first line longer than `maximumLineBytes`, if any.
  static func firstOverlongLine(_ text: String) -> (number: Int, length: Int)? {
    var number = 1
    var length = 0
    for byte in text.utf8 {
      if byte == 0x0A {
        number += 1
        length = 0
        continue
      }
      length += 1
      if length > maximumLineBytes {
        let rest = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
        return (number, rest[number - 1].count)
      }
    }
    return nil
  }

  static func isPath(_ request: String) -> Bool {
    request.contains("/") || request.hasSuffix(".theme")
  }
}
