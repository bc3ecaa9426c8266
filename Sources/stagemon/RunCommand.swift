import Foundation
import StageEngine

/// `stagemon run SCENARIO.json --headless [--format jsonl|text] [--out FILE]`:
/// runs a scenario without the UI and writes the event stream (SPEC §7, §8).
enum RunCommand {
  static let help = """
    USAGE: stagemon run SCENARIO.json --headless [--format jsonl|text] [--out FILE]

    Runs a scenario file (SPEC §6; `-` reads standard input) without the UI and
    writes every event, in order, to standard output or FILE.

    OPTIONS:
      --headless        run without the UI (required; `stagemon SCENARIO.json` opens the UI)
      --format FORMAT   jsonl (one JSON object per line) or text (aligned columns);
                        default: text on a terminal, otherwise jsonl
      --out FILE        write the stream to FILE instead of standard output
      -h, --help        show this help

    Exit status: 0 the run completed (rejections and SDK errors are events),
    1 the scenario is invalid or a step cannot run, 2 usage error.
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
    guard let output = openOutput(options.out) else { return .invalid }
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
    return status
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

    init(_ arguments: inout Arguments) throws(UsageError) {
      let headless = arguments.flag("--headless")
      let formatText = try arguments.option("--format")
      out = try arguments.option("--out")
      guard let scenario = arguments.positional() else {
        throw UsageError("run needs a scenario file (or - for standard input)")
      }
      self.scenario = scenario
      try arguments.finish()
      guard headless else {
        throw UsageError(
          "run needs --headless; to watch \(scenario) in the UI, use: stagemon \(scenario)")
      }
      if let formatText {
        guard let format = EventStreamFormat(rawValue: formatText) else {
          throw UsageError("unknown format \"\(formatText)\" (expected jsonl or text)")
        }
        self.format = format
      } else {
        format = nil
      }
    }
  }
}
