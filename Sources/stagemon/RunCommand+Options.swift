import IVSRules
import InputKit
import ScenarioChecks
import StageEngine
import StreamCompare

extension RunCommand {
  /// The parsed command line of `run`.
  struct Options: CommandOptions {
    let scenario: String
    let format: EventStreamFormat?
    let out: String?
    let force: Bool
    let headless: Bool
    let check: Bool
    let compare: String?
    let updateGolden: Bool
    let ignoredFields: [String]
    /// `--no-check`: compare without judging expectations.
    let noCheck: Bool
    /// `--as-of DATE`: the day of IVS the run tells, over the scenario's own `asOf`.
    let asOf: ServiceDate?

    init(_ arguments: inout Arguments) throws(UsageError) {
      headless = arguments.flag("--headless")
      check = arguments.flag("--check")
      updateGolden = arguments.flag("--update-golden")
      noCheck = arguments.flag("--no-check")
      compare = try arguments.option("--compare")
      ignoredFields = JSONLStream.lineNumberingFields + (try arguments.options("--ignore-field"))
      let formatText = try arguments.option("--format")
      out = try arguments.option("--out")
      force = arguments.flag("--force")
      asOf = try AsOfOption.parse(&arguments)
      guard let scenario = arguments.positional() else {
        throw UsageError("run needs a scenario file (or - for standard input)")
      }
      self.scenario = scenario
      let goldenArgument = updateGolden && compare == nil ? arguments.positional() : nil
      try arguments.finish()
      guard headless || check || compare != nil || updateGolden else {
        throw UsageError(
          "run needs --headless; to watch \(scenario) in the UI, use: stagemon \(scenario)")
      }
      guard !(noCheck && check) else { throw UsageError("--no-check and --check contradict") }
      format = try formatText.map { text throws(UsageError) in
        guard let format = EventStreamFormat(rawValue: text) else {
          throw UsageError("unknown format \(Excerpt.quoted(text)) (expected jsonl or text)")
        }
        return format
      }
      namedGolden = goldenArgument ?? compare
      guard !(updateGolden && scenario == "-" && namedGolden == nil) else {
        throw UsageError("--update-golden with standard input needs a GOLDEN.jsonl path")
      }
    }

    /// The golden file named on the command line, if one was.
    let namedGolden: String?

    /// The golden file compared with or written: the one named on the command line, else the
    /// one the scenario names, else `expected/NAME.jsonl` beside it.
    func golden(of scenario: Scenario) -> String {
      namedGolden ?? GoldenStream.path(of: scenario, file: self.scenario)
    }

    /// Whether the run is judged (check, compare or update) rather than only streamed.
    var judges: Bool { check || compare != nil || updateGolden }

    /// Whether failed expectations fail the run: `--check`, and `--compare` unless
    /// `--no-check` (`--update-golden` refuses such a run on its own, unless `--force`).
    var checksExpectations: Bool { check || (!noCheck && comparesGolden) }

    /// Whether the stream is compared with a golden file (not when updating it).
    var comparesGolden: Bool { compare != nil && !updateGolden }

    /// Whether the event stream is written (to `out`, else standard output). A comparison
    /// owns standard output for its diff, so its stream goes only to `--out`.
    var writesStream: Bool {
      out != nil || (!comparesGolden && (headless || !judges))
    }
  }
}
