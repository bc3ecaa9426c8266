import Foundation

/// Finds a program SwiftPM built into the same folder as the running one —
/// how the end-to-end tests and the benchmark reach the real `stagemon`
/// binary without knowing the build path.
public enum SiblingExecutable {
  /// The path of `name` beside the running executable.
  public static func path(_ name: String) -> String {
    let running =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent(name)
      .path
  }
}
