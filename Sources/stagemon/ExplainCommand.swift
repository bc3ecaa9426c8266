import Foundation
import IVSLive
import IVSRecords
import IVSRules
import InputKit
import JSONKit
import StageEngine

/// `stagemon explain [same options as import] [--tolerance D] [--json] RECORD…|SCENARIO.json`:
/// the support engineer's one command — import, run, compare, explain.
enum ExplainCommand {
  static let help = """
    USAGE: stagemon explain [--sdk ID=PLATFORM@VERSION[,PLATFORM@VERSION…]]…
                            [--observer ID=PLATFORM@VERSION]… [--allow-other-sessions]
                            [--composition on-reconnect|live [--featured ATTR] [--order ATTR]]
                            [--tolerance DURATION] [--as-of DATE] [--json] [--svg FILE]
                            FOLDER|RECORD…|SCENARIO.json
           stagemon explain --stage STAGE_ARN [--session st-…] [live options] [the options above]

    Imports the records (as `stagemon import` does) or reads a scenario made by it, runs
    the model, and compares: each recorded server event beside the model's, matched by
    name and participants within the tolerance (records carry network delays). Then, for
    every token exchange, the claim changes, the strategy calls and what every observer
    and composition saw and when, followed to the end of the run: updated at once, STALE
    until the participant republished or reconnected, never, or superseded by its next
    exchange. Where the records are silent (a page or a participant's own events missing,
    an SDK not stated, a possible network drop) a verdict is a range or unknown, naming
    what would settle it. A summary in plain words comes first, then what to tell the
    customer (causes and fixes, each with its source in the rule book).

    A FOLDER is read as sent: every file by its shape (list-participant-events pages,
    get-participant, list-participants, get-stage-session, get-composition, EventBridge
    events, CloudWatch Logs exports, a HAR file; docs/RECORDS.md); one that is none of
    these is skipped with a note, and every file that blocks the run is named at once.

    With --stage, the session is fetched first (as `stagemon fetch` does, into a temporary
    folder removed afterwards) and then explained, in one command.

    OPTIONS:
      --stage STAGE_ARN       fetch the stage's session from IVS (the active one, else the latest)
      --session st-…          with --stage: this session instead
    \(LiveOptions.helpLines)
      --sdk, --observer       as for `stagemon import` (records only)
      --allow-other-sessions  as for `stagemon import`
      --sdk ID=A,B            several profiles for one participant: the report is made
                              with the first, a "What if" section tells what each other
                              would have changed
      --composition POLICY    what-if: add a server-side composition (grid) the records do
                              not have, with update policy on-reconnect or live
      --featured ATTR         its featuredParticipantAttribute
      --order ATTR            its participantOrderAttribute
      --tolerance DURATION    how far apart a recorded and a modelled event may be and still
                              match, e.g. 5s (default), 30s, 1m
      --as-of DATE            tell the session as IVS behaved on DATE (YYYY-MM-DD); default:
                              the day the records start (`stagemon rules --as-of DATE`)
      --json                  the same report as one JSON document
      --svg FILE              also draw one swimlane per observer (stale spans by
                              participant, exchanges, republishes, times) to FILE
      --force                 replace an existing --svg FILE
      -h, --help              show this help

    Exit status: 0 every recorded event the model simulates was reproduced and every
    answer is settled; 1 some diverge, the records contradict what was reported (an SDK
    that cannot do what they show), a verdict depends on an SDK version nobody stated or
    is unknown (records missing), there are no events, or the records are invalid (each
    listed first); 2 usage error.
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    var explanation: Explanation
    var fetchedFolder: String?
    defer { fetchedFolder.map { try? FileManager.default.removeItem(atPath: $0) } }
    do {
      var options = options
      if let live = options.live {
        let folder = try temporaryFolder()
        fetchedFolder = folder
        let outcome = try FetchCommand.fetch(live, into: folder + "/session")
        options.inputs = RecordInputs(
          files: [outcome.folder], options: options.inputs.options, allowsOtherSessions: false)
      }
      let sessions = try load(options)
      let file = options.inputs.files.joined(separator: " ")
      explanation = try Explanation.make(
        sessions[0].session, file: file, toleranceSeconds: options.tolerance)
      for variant in sessions.dropFirst() {
        let other = try Explanation.make(
          variant.session, file: file, toleranceSeconds: options.tolerance)
        explanation.whatIfs.append(WhatIf(label: variant.label, explanation: other))
      }
    } catch let error as ImportUsageError {
      return Stagemon.fail(UsageError(error.message), help: help)
    } catch {
      return Stagemon.failLive(error, help: help)
    }
    if let svg = options.svg {
      do {
        try SafeFile.write(
          SwimlaneSVG.document(explanation), to: svg, replacing: options.force,
          sparing: options.inputs.files)
      } catch {
        Console.error("stagemon: \(error)")
        return .invalid
      }
    }
    if options.json {
      var output = JSONOutput(sink: Console.writeJSON(bytes:))
      output.writePretty(explanation.jsonDocument, trailer: "\n")
    } else {
      Console.write(explanation.text)
    }
    return explanation.isClean ? .success : .invalid
  }

  /// A scenario made by `import` (it has `recorded`), else records to import: one session
  /// per what-if variant of `--sdk`, the report's first, each labelled with its profiles.
  private static func load(_ options: Options) throws -> [(label: String, session: ImportedSession)]
  {
    let files = try RecordInputs.expanded(options.inputs.files)
    var importOptions = options.inputs.options
    importOptions.composition = options.composition
    importOptions.asOf = options.asOf
    importOptions.datesFromRecords = true
    var records: RecordSet?
    // A pipe or `<(aws …)` is read once, whole, either way; a file that is not a scenario is
    // read again as a stream.
    if files == options.inputs.files, files.count == 1,
      let candidate = try RecordInputs.scenarioCandidate(files[0])
    {
      if var scenario = try scenario(candidate.bytes, file: files[0]) {
        scenario.asOf =
          options.asOf ?? scenario.asOf ?? ServiceDate.ofRecords(startingAt: scenario.start)
        guard importOptions.sdks.isEmpty, importOptions.observers.isEmpty,
          importOptions.composition == nil
        else {
          throw UsageError(
            "--sdk, --observer and --composition apply to records; \(files[0]) is a scenario")
        }
        return [("", try RecordImporter.session(fromScenario: scenario, file: files[0]))]
      }
      if !candidate.rereadable {
        records = try options.inputs.records([candidate.bytes], files: files)
      }
    }
    let read = try records ?? options.inputs.read(files)
    records = nil
    try read.requireEvents()
    let variants = importOptions.variants
    // Given up: the sessions take the read events without a copy.
    let sessions = try RecordImporter.makeSessions(from: consume read, variants: variants)
    for line in sessions.first.map(RecordInputs.warnings) ?? [] { Console.error(line) }
    return zip(variants, sessions).map { variant, session in
      (variant.sdks.map { "\($0.id)=\($0.sdk)" }.joined(separator: " "), session)
    }
  }

  /// The scenario in `bytes` when it is one made by `import` (it has `recorded`), else nil.
  private static func scenario(_ bytes: [UInt8], file: String) throws -> Scenario? {
    guard bytes.count <= Scenario.maximumFileBytes, hasRecordedMember(bytes),
      let text = String(validating: bytes, as: UTF8.self)
    else { return nil }
    let base =
      file == "-"
      ? FileManager.default.currentDirectoryPath : PathName.folder(of: file)
    return try Scenario(parsing: text, file: file, baseDirectory: base, today: AsOfOption.today)
  }

  /// Whether `bytes` are one JSON object with a `recorded` member, checked as a stream: records
  /// are told from a scenario without building their tree.
  private static func hasRecordedMember(_ bytes: [UInt8]) -> Bool {
    var stream = JSONStream(bytes: bytes)
    guard stream.peek() == UInt8(ascii: "{") else { return false }
    var found = false
    do {
      var key = try stream.beginObject()
      while let name = key {
        found = found || name == "recorded"
        try stream.skipValue()
        key = try stream.nextKey()
      }
    } catch {
      return false
    }
    return found && !stream.hasMore()
  }

  /// A fresh private folder for a fetch that is explained and then removed.
  private static func temporaryFolder() throws -> String {
    var template = Array((NSTemporaryDirectory() + "/stagemon-explain-XXXXXX").utf8CString)
    guard
      let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } })
    else {
      throw InputError("cannot make a temporary folder: \(SystemError.current)")
    }
    return String(cString: made)
  }

  struct Options: CommandOptions {
    /// `--composition POLICY [--featured ATTR] [--order ATTR]`, or nil.
    private static func composition(_ arguments: inout Arguments) throws(UsageError)
      -> CompositionConfiguration?
    {
      let policy = try arguments.option("--composition")
      let featured = try arguments.option("--featured")
      let order = try arguments.option("--order")
      guard let policy else {
        guard featured == nil, order == nil else {
          throw UsageError("--featured and --order need --composition on-reconnect|live")
        }
        return nil
      }
      guard let updates = CompositionConfiguration.UpdatePolicy(rawValue: policy) else {
        throw UsageError("--composition \(policy): expected on-reconnect or live")
      }
      return CompositionConfiguration(
        featuredParticipantAttribute: featured ?? "", participantOrderAttribute: order ?? "",
        updates: updates)
    }

    var inputs: RecordInputs
    let tolerance: Int64
    let json: Bool
    /// `--stage`: what to fetch before explaining.
    let live: FetchCommand.Request?

    let composition: CompositionConfiguration?
    let svg: String?
    let force: Bool
    /// `--as-of DATE`: tell the session as IVS behaved that day (default: its own day).
    let asOf: ServiceDate?

    init(_ arguments: inout Arguments) throws(UsageError) {
      json = arguments.flag("--json")
      let toleranceText = try arguments.option("--tolerance")
      composition = try Self.composition(&arguments)
      svg = try arguments.option("--svg")
      force = arguments.flag("--force")
      asOf = try AsOfOption.parse(&arguments)
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
