import Foundation
import IVSRules
import InputKit
import MonitorUI
import StageEngine
import TerminalKit

/// `stagemon [SCENARIO.json]`: the monitor UI. Everything that can fail on input (scenario,
/// theme, options) is checked before the terminal is taken, so errors land on a normal
/// terminal on stderr; once the UI runs, nothing is written to stdout and the terminal is
/// restored on q, Ctrl-C, SIGTERM, SIGHUP and errors.
enum MonitorCommand {
  /// Every monitor option, in the order help lists them. The parser, this command's help and
  /// the top-level `stagemon --help` all read this list, so none of them can miss an option.
  enum Option: String, CaseIterable {
    case theme = "--theme"
    case noColor = "--no-color"
    case noMouse = "--no-mouse"
    case logLines = "--log-lines"
    case play = "--play"
    case exitAfterFrames = "--exit-after-frames"
    case present = "--present"
    case asOf = "--as-of"

    /// The value's placeholder, nil for a flag.
    var argument: String? {
      switch self {
      case .theme: return "NAME|PATH"
      case .noColor, .noMouse, .present: return nil
      case .logLines, .exitAfterFrames: return "N"
      case .asOf: return "DATE"
      case .play: return "[SPEED]"
      }
    }

    /// What it does, for help.
    var summary: String {
      switch self {
      case .theme:
        return "theme name (default, light, colorblind, high-contrast, monochrome) or file"
      case .noColor: return "no colours (also NO_COLOR); meaning stays in symbols and attributes"
      case .noMouse: return "leave the mouse to the terminal (no clicks or wheel in stagemon)"
      case .logLines: return "keep at most N log lines (default \(Options.defaultLogLines))"
      case .play:
        return "play the script by itself (demos); SPEED > 0, default 1 (a pauses/plays)"
      case .exitAfterFrames: return "quit after drawing N frames (scripted runs)"
      case .present:
        return "presenter mode: plain-language narration, the log hidden (g: glossary)"
      case .asOf: return "tell IVS as it behaved on DATE (YYYY-MM-DD; `stagemon rules`)"
      }
    }

    /// "--log-lines N".
    var usage: String { rawValue + (argument.map { " " + $0 } ?? "") }
  }

  /// The option lines of help, aligned: "  --log-lines N            keep at most …".
  static let optionLines =
    (Option.allCases.map { ($0.usage, $0.summary) } + [("--help", "this help")])
    .map { "  " + $0.0.padding(toLength: 23, withPad: " ", startingAt: 0) + "  " + $0.1 }
    .joined(separator: "\n")

  static let help = """
    USAGE: stagemon [SCENARIO.json] [options]

    Opens the stage monitor on SCENARIO.json, or on the built-in demo without one.
    Press n to run the scenario's next step, ? for every key.

    OPTIONS:
    \(optionLines)
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    let setup: MonitorSetup
    do {
      setup =
        try options.scenario.map { path throws(ScenarioError) in
          try MonitorSetup.file(path, today: AsOfOption.today, asOf: options.asOf)
        } ?? MonitorSetup.demo(asOf: options.asOf)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    let environment = ProcessInfo.processInfo.environment
    let depth = ColorDepth.detect(environment: environment, noColorFlag: options.noColor)
    let loader = ThemeLoader(environment: environment)
    let loaded = loader.load(options.theme, colorDepth: depth)
    // A broken or missing theme is not fatal: the loader fell back to the default. Nor is a
    // keys.conf line that cannot be used: that action keeps its default keys. Both show on the
    // status line (the help lists every keys.conf problem) and on stderr once the terminal is
    // back, where they can be read.
    let keys = KeyFile.load(environment: environment)
    let themeProblems = loaded.diagnostics.filter { $0.severity == .error }.map(\.description)
    let problems = themeProblems + keys.problems.map(\.description)
    defer {
      for problem in problems.prefix(maximumListedProblems) {
        Console.error("stagemon: \(problem)")
      }
      if problems.count > maximumListedProblems {
        Console.error("stagemon: … and \(problems.count - maximumListedProblems) more problems")
      }
    }
    return runUI(
      setup, options: options, theme: loaded.theme, loader: loader,
      keys: (keys.keymap, keys.problems), themeProblems: themeProblems)
  }

  /// Most theme and keys.conf problems listed on stderr; a broken file is reported, not echoed.
  static let maximumListedProblems = 20

  private static func runUI(
    _ setup: MonitorSetup, options: Options, theme: Theme, loader: ThemeLoader,
    keys: (keymap: Keymap, problems: [KeyFile.Problem]), themeProblems: [String]
  ) -> ExitStatus {
    let session: TerminalSession
    do {
      session = try TerminalSession.start(noColorFlag: options.noColor, mouse: !options.noMouse)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    var monitorOptions = MonitorOptions(
      logLines: options.logLines, keymap: keys.keymap, playSpeed: options.playSpeed)
    monitorOptions.keyFileProblems = keys.problems
    monitorOptions.present = options.present
    let controller = AppController(
      setup: setup,
      themes: ThemeCatalog(loader: loader, colorDepth: session.backend.colorDepth),
      theme: theme.downgraded(to: session.backend.colorDepth), options: monitorOptions)
    if let status = startupStatus(keyProblems: keys.problems, themeProblems: themeProblems) {
      controller.report(status, .warning)
    }
    let loop = MonitorLoop(controller: controller, backend: session.backend)
    loop.run(exitAfterFrames: options.exitAfterFrames)
    session.end()
    return .success
  }

  /// What the status line says about the user's files when the monitor opens, if anything.
  static func startupStatus(keyProblems: [KeyFile.Problem], themeProblems: [String]) -> String? {
    if let first = keyProblems.first {
      let count = keyProblems.count == 1 ? "1 line" : "\(keyProblems.count) lines"
      return
        "keys.conf: \(count) not used (first: line \(first.line)): ? lists each with what was"
        + " kept; also on stderr after quitting"
    }
    guard let first = themeProblems.first else { return nil }
    return first + (themeProblems.count > 1 ? " (and \(themeProblems.count - 1) more)" : "")
      + "; also on stderr after quitting"
  }

  /// The parsed options.
  struct Options: CommandOptions {
    var scenario: String?
    var theme: String?
    var noColor: Bool
    var noMouse: Bool
    /// Log lines kept when `--log-lines` is not given.
    static let defaultLogLines = 10_000
    var logLines = defaultLogLines
    var exitAfterFrames: Int?
    /// `--play [SPEED]`: nil when not given.
    var playSpeed: Double?
    /// `--present`.
    var present: Bool
    /// `--as-of DATE`: the day of IVS the stage tells, over the scenario's own `asOf`.
    var asOf: ServiceDate?

    init(_ arguments: inout Arguments) throws(UsageError) {
      noColor = arguments.flag(Option.noColor.rawValue)
      noMouse = arguments.flag(Option.noMouse.rawValue)
      present = arguments.flag(Option.present.rawValue)
      theme = try arguments.option(Option.theme.rawValue)
      if let text = try arguments.option(Option.logLines.rawValue) {
        logLines = try Self.positive(text, Option.logLines.rawValue)
      }
      if let text = try arguments.option(Option.exitAfterFrames.rawValue) {
        exitAfterFrames = try Self.positive(text, Option.exitAfterFrames.rawValue)
      }
      playSpeed = try PlaySpeed.parse(&arguments)
      asOf = try AsOfOption.parse(&arguments)
      scenario = arguments.positional()
      try arguments.finish()
    }

    private static func positive(_ text: String, _ name: String) throws(UsageError) -> Int {
      guard let value = Int(text), value > 0 else {
        throw UsageError("\(name) needs a positive whole number, not \(Excerpt.quoted(text))")
      }
      return value
    }
  }
}
