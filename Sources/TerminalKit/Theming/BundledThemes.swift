import Foundation

/// Finds the theme files shipped with the program without `Bundle.module`, whose generated
/// accessor calls `fatalError` on Linux when the resource bundle is missing. SwiftPM copies
/// `Themes/*.theme` into `stagemon_TerminalKit.resources` next to the executable.
public enum BundledThemes {
  /// The directory holding the bundled `.theme` files, or nil when none can be found (then the
  /// built-in default theme is used).
  public static func directory() -> String? {
    guard let executableDirectory = executableDirectory() else { return nil }
    return candidates(near: executableDirectory).first { directory in
      FileManager.default.fileExists(atPath: directory + "/default.theme")
    }
  }

  /// Where bundled themes may live, relative to the executable's directory: the SwiftPM resource
  /// bundle (Linux and macOS layouts) and an installed `../share/stagemon/themes`.
  static func candidates(near directory: String) -> [String] {
    [
      directory + "/stagemon_TerminalKit.resources",
      directory + "/stagemon_TerminalKit.bundle",
      directory + "/stagemon_TerminalKit.bundle/Contents/Resources",
      directory + "/../share/stagemon/themes",
    ]
  }

  private static func executableDirectory() -> String? {
    let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    guard let path = link ?? Bundle.main.executableURL?.resolvingSymlinksInPath().path else {
      return nil
    }
    return URL(fileURLWithPath: path).deletingLastPathComponent().path
  }
}
