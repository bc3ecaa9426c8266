import Foundation
import IVSRecords
import InputKit
import JSONKit
import StageEngine

/// `stagemon explain [same options as import] [--tolerance D] [--json] RECORD…|SCENARIO.json`:
/// the support engineer's one command — import, run, compare, explain.
enum ExplainCommand {
  static let help = """
    USAGE: stagemon explain [--sdk ID=PLATFORM@VERSION]… [--observer ID=PLATFORM@VERSION]…
                            [--tolerance DURATION] [--json] RECORD…|SCENARIO.json

    Imports the records (as `stagemon import` does) or reads a scenario made by it, runs
    the model, and compares: each recorded server event beside the model's, matched by
    name and participants within the tolerance (records carry network delays). Then, for
    every token exchange, the claim changes, the strategy calls and what every observer
    and composition saw and when, followed to the end of the run: updated at once, STALE
    until the participant republished or reconnected, never, or superseded by its next
    exchange. A summary in plain words comes first.

    OPTIONS:
      --sdk, --observer       as for `stagemon import` (records only)
      --tolerance DURATION    how far apart a recorded and a modelled event may be and still
                              match, e.g. 5s (default), 30s, 1m
      --json                  the same report as one JSON document
      -h, --help              show this help

    Exit status: 0 every recorded event the model simulates was reproduced, 1 some
    diverge or the records are invalid (each listed), 2 usage error.
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    let explanation: Explanation
    do {
      let session = try load(options)
      explanation = try Explanation.make(
        session, file: options.inputs.files.joined(separator: " "),
        toleranceSeconds: options.tolerance)
    } catch let error as ImportUsageError {
      return Stagemon.fail(UsageError(error.message), help: help)
    } catch let error as UsageError {
      return Stagemon.fail(error, help: help)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    if options.json {
      Console.writeJSON(JSONWriter.pretty(explanation.json) + "\n")
    } else {
      Console.write(explanation.text)
    }
    return explanation.isClean ? .success : .invalid
  }

  /// A scenario made by `import` (it has `recorded`), else records to import. Each file is
  /// read once, so a pipe or `<(aws …)` works either way.
  private static func load(_ options: Options) throws -> ImportedSession {
    let files = options.inputs.files
    let contents = try options.inputs.contents()
    if files.count == 1, let scenario = try scenario(contents[0], file: files[0]) {
      guard options.inputs.options.sdks.isEmpty, options.inputs.options.observers.isEmpty else {
        throw UsageError("--sdk and --observer apply to records; \(files[0]) is a scenario")
      }
      return try RecordImporter.session(fromScenario: scenario, file: files[0])
    }
    let session = try RecordImporter.makeSession(
      from: try RecordInputs.records(contents, files: files), options: options.inputs.options)
    for line in RecordInputs.warnings(session) { Console.error(line) }
    return session
  }

  /// The scenario in `bytes` when it is one made by `import` (it has `recorded`), else nil.
  private static func scenario(_ bytes: [UInt8], file: String) throws -> Scenario? {
    guard bytes.count <= Scenario.maximumFileBytes,
      case .object(let members)? = try? JSONParser.parse(bytes: bytes),
      members.contains(where: { $0.key == "recorded" }),
      let text = String(validating: bytes, as: UTF8.self)
    else { return nil }
    let base =
      file == "-"
      ? FileManager.default.currentDirectoryPath : (file as NSString).deletingLastPathComponent
    return try Scenario(parsing: text, file: file, baseDirectory: base)
  }

  struct Options: CommandOptions {
    let inputs: RecordInputs
    let tolerance: Int64
    let json: Bool

    init(_ arguments: inout Arguments) throws(UsageError) {
      json = arguments.flag("--json")
      let toleranceText = try arguments.option("--tolerance")
      inputs = try RecordInputs(&arguments, command: "explain")
      try arguments.finish()
      guard let toleranceText else {
        tolerance = 5
        return
      }
      do {
        tolerance = try VirtualDuration(parsing: toleranceText).seconds
      } catch {
        throw UsageError("--tolerance \(toleranceText): \(error)")
      }
    }
  }
}
