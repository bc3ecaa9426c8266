import Foundation
import IVSRules
import InputKit
import ScenarioChecks
import StageEngine
import StreamCompare

/// `stagemon run SCENARIO.json --headless [--format jsonl|text] [--out FILE]`:
/// runs a scenario without the UI and writes the event stream (SPEC §7, §8);
/// `--check`, `--compare` and `--update-golden` turn the run into a verdict.
enum RunCommand {
  static let help = """
    USAGE: stagemon run SCENARIO.json --headless [--format jsonl|text] [--out FILE]
           stagemon run SCENARIO.json --check [--compare GOLDEN.jsonl] [--headless] [--out FILE]
           stagemon run SCENARIO.json --update-golden [GOLDEN.jsonl]

    Runs a scenario file (SPEC §6; `-` reads standard input) without the UI and
    writes every event, in order, to standard output or FILE.

    OPTIONS:
      --headless          run without the UI (`stagemon SCENARIO.json` opens the UI)
      --format FORMAT     jsonl (one JSON object per line) or text (aligned columns);
                          default: text on a terminal, otherwise jsonl
      --out FILE          write the stream to FILE (whole or not at all) instead of
                          standard output; never the scenario itself
      --force             replace FILE when it exists; with --update-golden, write the
                          golden even when an expectation failed
      --check             exit 1 when an `expect` step failed, listing each failure on
                          standard error as FILE:LINE:COLUMN: step N: MESSAGE
      --compare GOLDEN    compare the JSONL stream with GOLDEN, ignoring `seq`; print
                          every differing region as a unified diff naming its step
                          (coloured on a terminal unless NO_COLOR is set) and exit 1
                          when they differ; expectations are checked too
      --no-check          with --compare: do not fail on failed expectations
      --ignore-field NAME also ignore field NAME when comparing (repeatable)
      --as-of DATE        run as IVS behaved on DATE (YYYY-MM-DD), over the scenario's
                          own "asOf"; `stagemon rules --as-of DATE` lists those rules
      --update-golden     write the JSONL stream to GOLDEN (default: expected/NAME.jsonl
                          beside the scenario) instead of comparing; refused (exit 1)
                          when an expectation fails
      -h, --help          show this help

    --check and --update-golden run headless and write the stream only with
    --headless or --out. With --compare, standard output carries only the diff:
    the stream goes to --out FILE if given, else nowhere. When the scenario has
    `expect` steps, a last line on standard error counts the statements checked
    and failed.

    Exit status: 0 the run completed (rejections and SDK errors are events),
    1 the scenario is invalid, a step cannot run, an expectation failed (with
    --check, --compare or --update-golden), the stream differs from the golden or
    the golden is missing or not JSONL (with --compare), 2 usage error.
    """

  /// From how many participants the first tokens' signing (about a second per 1,000 on two
  /// cores) is announced on a terminal.
  static let announcedParticipants = 1_000

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    return execute(options)
  }

  private static func execute(_ options: Options) -> ExitStatus {
    let runner: ScenarioRunner
    let golden: JSONLStream?
    let goldenPath: String
    do {
      var scenario = try Scenario(contentsOfFile: options.scenario, today: AsOfOption.today)
      scenario.asOf = options.asOf ?? scenario.asOf
      goldenPath = options.golden(of: scenario)
      golden = try options.comparesGolden ? loadGolden(goldenPath, options) : nil
      let signing = ProgressLine(label: options.scenario)
      if scenario.participants.count >= Self.announcedParticipants {
        signing.announce("signing \(scenario.participants.count) first tokens…")
      }
      defer { signing.finish() }
      runner = try ScenarioRunner(scenario: scenario, file: options.scenario)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    let output: Output
    do {
      output = try Output(options)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    let format =
      options.format ?? (options.out == nil && isatty(STDOUT_FILENO) != 0 ? .text : .jsonl)
    let writer = EventStreamWriter(format: format, fileDescriptor: output.fileDescriptor)
    var capture = options.comparesGolden || options.updateGolden ? StreamCapture() : nil
    var status = ExitStatus.success
    // Not while the stream itself scrolls on the same terminal.
    let streamOnTerminal = options.writesStream && options.out == nil && isatty(STDOUT_FILENO) != 0
    let progress = ProgressLine(
      label: options.scenario, isTerminal: !streamOnTerminal && isatty(STDERR_FILENO) != 0)
    let total = runner.scenario.steps.count
    defer { progress.finish() }
    do {
      try runner.run { events in
        writer.write(events)
        capture?.append(events)
        progress.update(done: runner.nextStepIndex, of: total)
      }
      progress.finish()
    } catch {
      Console.error("stagemon: \(error)")
      status = .invalid
    }
    do {
      try writer.flush()
      try output.commit()
    } catch {
      output.discard()
      if (error as? EventStreamWriteError)?.cause.isBrokenPipe == true { return .invalid }
      Console.error("stagemon: \(error)")
      return .invalid
    }
    let expectations = report(runner, file: options.scenario)
    guard status == .success else {
      if options.updateGolden {
        Console.error(
          "\(options.scenario): not writing \(goldenPath): a step could not run, so the stream"
            + " is not the scenario's (--force does not change that)")
      }
      return status
    }
    let verdicts = [
      options.checksExpectations ? expectations : .success,
      compare(capture, with: golden, options),
      update(capture, to: goldenPath, options, failures: runner.expectationFailures.count),
    ]
    return verdicts.max { $0.rawValue < $1.rawValue } ?? status
  }

  /// The golden at `path`, checked to be JSONL before anything runs.
  private static func loadGolden(_ path: String, _ options: Options) throws -> JSONLStream {
    guard GoldenStream.exists(path) else {
      throw InputError(
        "no golden file \(path); write one with: stagemon run \(options.scenario) --update-golden \(path)"
      )
    }
    return try GoldenStream.read(path, ignoring: options.ignoredFields)
  }

  /// Lists failed expectations and counts them on standard error; `.invalid`
  /// when any failed and `--check` was given.
  private static func report(_ runner: ScenarioRunner, file: String) -> ExitStatus {
    let failures = runner.expectationFailures
    guard runner.expectationCheckCount > 0 else { return .success }
    for failure in failures { Console.error(failure.located(in: file)) }
    Console.error(
      "\(file): \(runner.expectationCheckCount) expectations checked, \(failures.count) failed")
    return failures.isEmpty ? .success : .invalid
  }

  private static func compare(
    _ capture: StreamCapture?, with golden: JSONLStream?, _ options: Options
  )
    -> ExitStatus
  {
    guard let golden, let capture else { return .success }
    do {
      let actual = try JSONLStream(
        text: capture.text, name: "this run of \(options.scenario)", ignoring: options.ignoredFields
      )
      let diff = StreamDiff(expected: golden, actual: actual)
      guard !diff.isEqual else {
        Console.error("\(options.scenario): the stream matches \(golden.name) (seq ignored)")
        return .success
      }
      if colours(options) {
        Console.writeStyled(diff.coloured)
      } else {
        Console.write(diff.unified)
      }
      Console.error(
        "\(options.scenario): the stream differs from \(golden.name) in \(diff.hunks.count) region(s)"
      )
      return .invalid
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
  }

  /// Writes the golden of a run that finished, unless an expectation failed: a golden of a
  /// failing run would make the failure the expected behaviour. `--force` writes it anyway,
  /// and the exit status still says the run failed.
  private static func update(
    _ capture: StreamCapture?, to golden: String, _ options: Options, failures: Int
  ) -> ExitStatus {
    guard options.updateGolden, let capture else { return .success }
    guard failures == 0 || options.force else {
      Console.error(
        "\(options.scenario): not writing \(golden): \(failures) statement(s) failed"
          + " (--force writes it anyway)")
      return .invalid
    }
    do {
      try GoldenStream.write(capture.text, to: golden, scenario: options.scenario)
      Console.error("wrote \(golden) (\(capture.lineCount) events)")
      guard failures == 0 else {
        Console.error(
          "\(options.scenario): \(failures) statement(s) failed; the golden was written as"
            + " --force asks, and the run still fails")
        return .invalid
      }
      return .success
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
  }

  /// Whether the diff is coloured: standard output is a terminal, `NO_COLOR` is not set and
  /// `--format text` did not ask for plain text.
  private static func colours(_ options: Options) -> Bool {
    isatty(STDOUT_FILENO) != 0 && options.format != .text
      && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
  }
}
