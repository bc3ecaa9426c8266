import Foundation
import InputKit
import StageEngine

/// `stagemon run SCENARIO.json --headless [--format jsonl|text] [--out FILE]`:
/// runs a scenario without the UI and writes the event stream (SPEC §7, §8).
enum RunCommand {
  static let help = """
    USAGE: stagemon run SCENARIO.json --headless [--format jsonl|text] [--out FILE]
           stagemon run SCENARIO.json --check [--headless] [--out FILE]

    Runs a scenario file (SPEC §6; `-` reads standard input) without the UI and
    writes every event, in order, to standard output or FILE.

    OPTIONS:
      --headless        run without the UI (`stagemon SCENARIO.json` opens the UI)
      --format FORMAT   jsonl (one JSON object per line) or text (aligned columns);
                        default: text on a terminal, otherwise jsonl
      --out FILE        write the stream to FILE instead of standard output
      --check           exit 1 when an `expect` step failed, listing each failure on
                        standard error as FILE: steps[N]: MESSAGE; runs headless and
                        writes the stream only with --headless or --out
      -h, --help        show this help

    When the scenario has `expect` steps, a last line on standard error counts
    the statements checked and failed.

    Exit status: 0 the run completed (rejections and SDK errors are events),
    1 the scenario is invalid, a step cannot run, or (with --check) an
    expectation failed, 2 usage error.
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    return execute(options)
  }

  private static func execute(_ options: Options) -> ExitStatus {
    let runner: ScenarioRunner
    do {
      let scenario = try Scenario(contentsOfFile: options.scenario)
      runner = try ScenarioRunner(scenario: scenario, file: options.scenario)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    let discardsStream = options.check && !options.headless && options.out == nil
    guard let output = openOutput(discardsStream ? "/dev/null" : options.out) else {
      return .invalid
    }
    defer { if output != STDOUT_FILENO { close(output) } }
    let format =
      options.format ?? (options.out == nil && isatty(STDOUT_FILENO) != 0 ? .text : .jsonl)
    let writer = EventStreamWriter(format: format, fileDescriptor: output)
    var status = ExitStatus.success
    do {
      try runner.run { writer.write($0) }
    } catch {
      Console.error("stagemon: \(error)")
      status = .invalid
    }
    do {
      try writer.flush()
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    let verdict = report(runner, file: options.scenario)
    return options.check && status == .success ? verdict : status
  }

  /// Lists failed expectations and counts them on standard error; `.invalid` when any failed.
  private static func report(_ runner: ScenarioRunner, file: String) -> ExitStatus {
    let failures = runner.expectationFailures
    guard runner.expectationCheckCount > 0 else { return .success }
    for failure in failures { Console.error("\(file): \(failure)") }
    Console.error(
      "\(file): \(runner.expectationCheckCount) expectations checked, \(failures.count) failed")
    return failures.isEmpty ? .success : .invalid
  }

  private static func openOutput(_ path: String?) -> Int32? {
    guard let path else { return STDOUT_FILENO }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else {
      Console.error("stagemon: cannot open \(path): \(String(cString: strerror(errno)))")
      return nil
    }
    return fd
  }

  /// The parsed command line of `run`.
  struct Options: CommandOptions {
    let scenario: String
    let format: EventStreamFormat?
    let out: String?
    let headless: Bool
    let check: Bool

    init(_ arguments: inout Arguments) throws(UsageError) {
      headless = arguments.flag("--headless")
      check = arguments.flag("--check")
      let formatText = try arguments.option("--format")
      out = try arguments.option("--out")
      guard let scenario = arguments.positional() else {
        throw UsageError("run needs a scenario file (or - for standard input)")
      }
      self.scenario = scenario
      try arguments.finish()
      guard headless || check else {
        throw UsageError(
          "run needs --headless; to watch \(scenario) in the UI, use: stagemon \(scenario)")
      }
      if let formatText {
        guard let format = EventStreamFormat(rawValue: formatText) else {
          throw UsageError("unknown format \(Excerpt.quoted(formatText)) (expected jsonl or text)")
        }
        self.format = format
      } else {
        format = nil
      }
    }
  }
}
