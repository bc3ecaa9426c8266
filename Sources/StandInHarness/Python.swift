import Foundation

/// The machine's python3, which runs the stand-ins: asked once per stand-in whether the
/// modules that stand-in needs are installed, so its tests run when they can and skip (or, in
/// CI, fail) when they cannot.
enum Python {
  /// Whether `python3 -c "import <modules>"` succeeds (`modules`: a comma-separated list).
  static func canImport(_ modules: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import \(modules)"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
