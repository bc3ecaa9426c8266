import Foundation
import IVSRecords
import InputKit
import StageEngine

/// `stagemon import [--sdk ID=P@V]… [--observer ID=P@V]… [--out FILE] RECORD…`: turns a
/// customer's IVS records into a scenario file (SPEC §6) that reproduces the session.
enum ImportCommand {
  static let help = """
    USAGE: stagemon import [--sdk ID=PLATFORM@VERSION]… [--observer ID=PLATFORM@VERSION]…
                           [--out FILE [--force]] RECORD…

    Reads IVS records in any mix — `aws ivs-realtime list-participant-events` outputs
    (pages, one per participant, or pasted together), get-participant,
    list-participants, get-stage-session, EventBridge "IVS Stage Update" events (one,
    a JSON array, or JSON lines) — and writes a scenario that reproduces the session,
    with the recorded events kept in its `recorded` array (`-` reads standard input).

    OPTIONS:
      --sdk ID=PLATFORM@VERSION       the SDK participant ID really ran, e.g. guest=android@1.36.0
                                      (otherwise guessed from get-participant, with a warning)
      --observer ID=PLATFORM@VERSION  add a hypothetical subscribe-only viewer present the
                                      whole session ("what would it have seen?")
      --allow-other-sessions          keep records of another stage or session, or outside the
                                      session's start and end, instead of refusing them
      --out FILE                      write the scenario to FILE (whole or not at all)
                                      instead of standard output
      --force                         replace FILE when it exists (never a record read)
      -h, --help                      show this help

    Warnings (guessed SDKs, skipped or unknown events, contradicting records) go to
    standard error.

    Exit status: 0 written, 1 unusable records (invalid JSON, unknown shape, bad
    timestamp, two stages or sessions mixed), 2 usage error.
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    let session: ImportedSession
    do {
      // Several profiles for one participant compare what-ifs in `explain`; the
      // scenario takes the first.
      session = try RecordImporter.makeSession(
        from: try options.inputs.read(),
        options: options.inputs.options.variants.first ?? options.inputs.options)
    } catch let error as ImportUsageError {
      return Stagemon.fail(UsageError(error.message), help: help)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    for line in RecordInputs.warnings(session) { Console.error(line) }
    let text = ScenarioEncoder.text(session.scenario)
    guard let out = options.out else {
      Console.writeJSON(text)
      return .success
    }
    do {
      try SafeFile.write(text, to: out, replacing: options.force, sparing: options.inputs.files)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    return .success
  }

  struct Options: CommandOptions {
    let inputs: RecordInputs
    let out: String?
    let force: Bool

    init(_ arguments: inout Arguments) throws(UsageError) {
      out = try arguments.option("--out")
      force = arguments.flag("--force")
      inputs = try RecordInputs(&arguments, command: "import")
      try arguments.finish()
    }
  }
}
