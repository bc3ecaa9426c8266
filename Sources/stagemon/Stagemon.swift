import InputKit

/// The top-level dispatcher: picks the command, turns usage errors into
/// exit status 2 with a hint, and keeps `main.swift` to one line of logic.
enum Stagemon {
  static let version = "0.1.0"

  /// `stagemon 0.1.0 (commit 1a2b3c4d5e6f)`: the version and the commit built.
  static var versionLine: String { "stagemon \(version) (commit \(BuildInfo.commit))" }

  /// The top-level help: every command of `CommandTable`, then the monitor's options.
  static var usage: String {
    """
    stagemon \(version) — a terminal stage monitor for Amazon IVS real-time token exchange

    USAGE:
    \(CommandTable.usageLines.joined(separator: "\n"))
      stagemon --help | --version | COMMAND --help

    MONITOR OPTIONS:
    \(MonitorCommand.optionLines)

    Exit status: 0 success, 1 invalid input or rejected token, 2 usage error.
    """
  }

  /// Runs the command named by `words` and returns its exit status.
  static func run(_ words: [String]) -> ExitStatus {
    guard let first = words.first else { return MonitorCommand.run([]) }
    let rest = Array(words.dropFirst())
    switch first {
    case "--help", "-h", "help":
      Console.out(usage)
      return .success
    case "--version", "-V":
      Console.out(versionLine)
      return .success
    case "token": return TokenCommand.run(rest)
    case "run": return RunCommand.run(rest)
    case "import": return ImportCommand.run(rest)
    case "explain": return ExplainCommand.run(rest)
    case "test": return TestCommand.run(rest)
    case "fetch": return FetchCommand.run(rest)
    case "key": return KeyCommand.run(rest)
    case "attach": return AttachCommand.run(rest)
    case "credentials": return CredentialsCommand.run(rest)
    case "completions": return CompletionsCommand.run(rest)
    case "rules": return RulesCommand.run(rest)
    default: return MonitorCommand.run(words)
    }
  }

  /// Reports a usage error the same way for every command.
  static func fail(_ error: UsageError, help: String) -> ExitStatus {
    Console.error("stagemon: \(error.message)\n\n\(help)")
    return .usage
  }
}
