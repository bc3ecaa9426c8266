import Foundation
import IVSLive
import IVSRecords
import JSONKit
import StageEngine

/// `stagemon explain [same options as import] [--tolerance D] [--json] RECORD…|SCENARIO.json`:
/// the support engineer's one command — import, run, compare, explain.
enum ExplainCommand {
  static let help = """
    USAGE: stagemon explain [--sdk ID=PLATFORM@VERSION]… [--observer ID=PLATFORM@VERSION]…
                            [--tolerance DURATION] [--json] RECORD…|FOLDER|SCENARIO.json
           stagemon explain --stage STAGE_ARN [--session st-…] [live options] [the options above]

    Imports the records (as `stagemon import` does) or reads a scenario made by it, runs
    the model, and compares: each recorded server event beside the model's, matched by
    name and participants within the tolerance (records carry network delays). Then, for
    every token exchange, the claim changes, the strategy calls and what every observer
    and composition saw and when, followed to the end of the run: updated at once, STALE
    until the participant republished or reconnected, never, or superseded by its next
    exchange. A summary in plain words comes first.

    With --stage, the session is fetched first (as `stagemon fetch` does, into a temporary
    folder removed afterwards) and then explained, in one command.

    OPTIONS:
      --stage STAGE_ARN       fetch the stage's session from IVS (the active one, else the latest)
      --session st-…          with --stage: this session instead
    \(LiveOptions.helpLines)
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
    var fetchedFolder: String?
    defer { fetchedFolder.map { try? FileManager.default.removeItem(atPath: $0) } }
    do {
      var options = options
      if let live = options.live {
        let folder = try temporaryFolder()
        fetchedFolder = folder
        let outcome = try FetchCommand.fetch(live, into: folder + "/session")
        options.inputs = RecordInputs(files: outcome.files, options: options.inputs.options)
      }
      let session = try load(options)
      explanation = try Explanation.make(
        session, file: options.inputs.files.joined(separator: " "),
        toleranceSeconds: options.tolerance)
    } catch let error as ImportUsageError {
      return Stagemon.fail(UsageError(error.message), help: help)
    } catch let error as UsageError {
      return Stagemon.fail(error, help: help)
    } catch let error as LiveError {
      Console.error("stagemon: \(error.message)")
      return .invalid
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    let text = options.json ? JSONWriter.pretty(explanation.json) + "\n" : explanation.text
    FileHandle.standardOutput.write(Data(text.utf8))
    return explanation.isClean ? .success : .invalid
  }

  /// A scenario made by `import` (it has `recorded`), else records to import.
  private static func load(_ options: Options) throws -> ImportedSession {
    let files = options.inputs.files
    if files.count == 1, let scenario = try scenario(at: files[0]) {
      guard options.inputs.options.sdks.isEmpty, options.inputs.options.observers.isEmpty else {
        throw UsageError("--sdk and --observer apply to records; \(files[0]) is a scenario")
      }
      return try RecordImporter.session(fromScenario: scenario, file: files[0])
    }
    let session = try RecordImporter.makeSession(
      from: try options.inputs.read(), options: options.inputs.options)
    for line in RecordInputs.warnings(session) { Console.error(line) }
    return session
  }

  /// The scenario in `path` when it is one made by `import`, else nil (records).
  private static func scenario(at path: String) throws -> Scenario? {
    guard path != "-", let data = FileManager.default.contents(atPath: path),
      case .object(let members)? = try? JSONParser.parse(bytes: Array(data)),
      members.contains(where: { $0.key == "recorded" })
    else { return nil }
    return try Scenario(contentsOfFile: path)
  }

  /// A fresh private folder for a fetch that is explained and then removed.
  private static func temporaryFolder() throws -> String {
    var template = Array((NSTemporaryDirectory() + "/stagemon-explain-XXXXXX").utf8CString)
    guard
      let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } })
    else {
      throw InputError("cannot make a temporary folder: \(String(cString: strerror(errno)))")
    }
    return String(cString: made)
  }

  struct Options: CommandOptions {
    var inputs: RecordInputs
    let tolerance: Int64
    let json: Bool
    /// `--stage`: what to fetch before explaining.
    let live: FetchCommand.Request?

    init(_ arguments: inout Arguments) throws(UsageError) {
      json = arguments.flag("--json")
      let toleranceText = try arguments.option("--tolerance")
      if let arn = try arguments.option("--stage") {
        let liveOptions = try LiveOptions(&arguments)
        live = try FetchCommand.Request(
          arn: arn, sessionId: try arguments.option("--session"), live: liveOptions)
      } else {
        live = nil
      }
      inputs = try RecordInputs(&arguments, command: "explain", filesRequired: live == nil)
      if live != nil, !inputs.files.isEmpty {
        throw UsageError("--stage fetches the records; give no record files with it")
      }
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
