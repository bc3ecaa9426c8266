import Foundation
import StageEngine

/// The verdict on one scenario file: it loaded and ran to the end, and every
/// statement of its `expect` steps held. This is what `stagemon test` reports
/// per file and what CI systems see as one test case.
public struct ScenarioCheck: Sendable {
  /// The file as named on the command line or found in a folder.
  public let file: String
  /// How many `expect` statements were checked.
  public let checks: Int
  /// The statements that did not hold.
  public let failures: [ExpectationFailure]
  /// Why the scenario could not load or run to the end, if it could not.
  public let error: String?

  /// Whether the scenario ran to the end with no failed expectation.
  public var passed: Bool { error == nil && failures.isEmpty }

  /// Loads and runs the scenario at `file` headless, discarding the stream.
  public init(file: String) {
    self.file = file
    var runner: ScenarioRunner?
    var problem: String?
    do {
      let loaded = try ScenarioRunner(scenario: Scenario(contentsOfFile: file), file: file)
      runner = loaded
      try loaded.run { _ in }
    } catch {
      problem = "\(error)"
    }
    error = problem
    checks = runner?.expectationCheckCount ?? 0
    failures = runner?.expectationFailures ?? []
  }
}

/// Finds the scenario files `stagemon test` runs: files as given, and the
/// `*.json` files directly inside each folder, sorted.
public enum ScenarioFiles {
  /// The files to run for `paths`; a path that does not exist is an error naming it.
  public static func find(_ paths: [String]) throws(ScenarioFilesError) -> [String] {
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw ScenarioFilesError(description: "\(path): no such file or folder")
      }
      guard isDirectory.boolValue else {
        files.append(path)
        continue
      }
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      files += entries.filter { $0.hasSuffix(".json") }.sorted().map {
        (path as NSString).appendingPathComponent($0)
      }
    }
    return files
  }
}

/// A path given to `stagemon test` that does not exist.
public struct ScenarioFilesError: Error, Sendable, CustomStringConvertible {
  /// `PATH: no such file or folder`.
  public let description: String
}
