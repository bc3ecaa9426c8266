import InputKit

/// The top-level dispatcher: picks the command, turns usage errors into
/// exit status 2 with a hint, and keeps `main.swift` to one line of logic.
enum Stagemon {
  static let version = "0.1.0"

  static let usage = """
    stagemon \(version) — a terminal stage monitor for Amazon IVS real-time token exchange

    USAGE:
      stagemon [SCENARIO.json] [options]   open the monitor UI (the built-in demo without a file)
      stagemon run SCENARIO.json --headless [--format jsonl|text] [--out FILE]
      stagemon run SCENARIO.json --check | --compare GOLDEN.jsonl | --update-golden
      stagemon test [PATH...] [--junit FILE]   run scenarios and check their expect steps
      stagemon import [--sdk ID=P@V]… [--observer ID=P@V]… [--out FILE] RECORD…
      stagemon explain [--sdk ID=P@V]… [--observer ID=P@V]… [--tolerance 5s] [--json] RECORD…|SCENARIO.json
      stagemon token keygen|mint|inspect|verify|diff|create ...
      stagemon fetch STAGE_ARN [--session st-…] [--out DIR]   read a live session into files
      stagemon explain --stage STAGE_ARN [--session st-…] [explain options]
      stagemon attach STAGE_ARN [--session st-…]   the monitor on a live session (read-only)
      stagemon key register|list|delete ...   the account's public keys for exchangeable tokens
      stagemon --help | --version | COMMAND --help

    MONITOR OPTIONS:
    \(MonitorCommand.optionLines)

    Exit status: 0 success, 1 invalid input or rejected token, 2 usage error.
    """

  /// Runs the command named by `words` and returns its exit status.
  static func run(_ words: [String]) -> ExitStatus {
    guard let first = words.first else { return MonitorCommand.run([]) }
    let rest = Array(words.dropFirst())
    switch first {
    case "--help", "-h", "help":
      Console.out(usage)
      return .success
    case "--version", "-V":
      Console.out("stagemon \(version)")
      return .success
    case "token": return TokenCommand.run(rest)
    case "run": return RunCommand.run(rest)
    case "import": return ImportCommand.run(rest)
    case "explain": return ExplainCommand.run(rest)
    case "test": return TestCommand.run(rest)
    case "fetch": return FetchCommand.run(rest)
    case "key": return KeyCommand.run(rest)
    case "attach": return AttachCommand.run(rest)
    default: return MonitorCommand.run(words)
    }
  }

  /// Reports a usage error the same way for every command.
  static func fail(_ error: UsageError, help: String) -> ExitStatus {
    Console.error("stagemon: \(error.message)\n\n\(help)")
    return .usage
  }
}
