import IVSRules
import TerminalKit

/// What a word after an option (or a command's operands) may be, for the shell completions.
enum CompletionValue: Sendable, Equatable {
  /// Any file (also a folder to descend into).
  case file
  /// A folder.
  case directory
  /// One of these words.
  case choices([String])
  /// Free text (an ID, a number, a duration): nothing is offered.
  case text
}

/// One option of a command: its name and, unless it is a flag, what its value may be.
struct CommandOption: Sendable, Equatable {
  /// `--format`.
  let name: String
  /// nil for a flag (`--json`).
  let value: CompletionValue?

  /// An option taking a value.
  static func value(_ name: String, _ value: CompletionValue) -> CommandOption {
    CommandOption(name: name, value: value)
  }

  /// A flag.
  static func flag(_ name: String) -> CommandOption {
    CommandOption(name: name, value: nil)
  }
}

/// One command of `stagemon`: the top-level usage and the bash, zsh and fish completions are
/// all made from these rows, so a command added here (and only here) appears in all of them. A
/// test checks each row's options against the command's own `--help`.
struct CommandRow: Sendable {
  /// The words naming the command (`["token", "mint"]`); empty for the monitor.
  let words: [String]
  /// Synopses after `stagemon WORDS`, one per form, for the top-level usage.
  let synopses: [String]
  /// What it does, one line.
  let summary: String
  /// Every option but `--help`, which every command takes.
  let options: [CommandOption]
  /// What its operands are (files, words), or nil when it takes none.
  let operands: CompletionValue?
  /// The command's own `--help` text.
  let help: String
}

/// Every command of `stagemon`, in the order the usage lists them.
enum CommandTable {
  static let rows: [CommandRow] =
    [
      monitor,
      CommandRow(
        words: ["run"],
        synopses: [
          "SCENARIO.json --headless [--format jsonl|text] [--out FILE]",
          "SCENARIO.json --check | --compare GOLDEN.jsonl | --update-golden",
        ],
        summary: "run a scenario without the UI: its event stream, checks and golden files",
        options: [
          .flag("--headless"), .value("--format", .choices(["jsonl", "text"])),
          .value("--out", .file), .flag("--check"), .value("--compare", .file),
          .value("--ignore-field", .text), .flag("--update-golden"), .flag("--force"),
          .flag("--no-check"), .value("--as-of", .text),
        ],
        operands: .file, help: RunCommand.help),
      CommandRow(
        words: ["test"],
        synopses: [
          "[PATH...] [-k EXPRESSION] [-x] [--list] [-v] [--junit FILE] [--ci]",
          "[PATH...] -u [--force]",
        ],
        summary: "find scenarios under PATH and check every expect step, as pytest does",
        options: [
          .value("--junit", .file), .value("-k", .text), .flag("-x"), .flag("--fail-fast"),
          .flag("--list"), .flag("-v"), .flag("--verbose"), .flag("-u"), .flag("--update-golden"),
          .flag("--force"), .flag("--ci"), .value("--as-of", .text),
        ],
        operands: .file, help: TestCommand.help),
      CommandRow(
        words: ["import"], synopses: ["[--sdk ID=P@V]… [--observer ID=P@V]… [--out FILE] RECORD…"],
        summary: "rebuild a session from IVS records as a scenario",
        options: [
          .value("--sdk", .text), .value("--observer", .text), .value("--out", .file),
          .flag("--force"), .flag("--allow-other-sessions"),
        ],
        operands: .file, help: ImportCommand.help),
      CommandRow(
        words: ["explain"],
        synopses: [
          "[--sdk ID=P@V]… [--observer ID=P@V]… [--json] [--svg FILE] FOLDER|RECORD…|SCENARIO.json",
          "--stage STAGE_ARN [--session st-…] [live options] [explain options]",
        ],
        summary: "compare IVS records with the model and say who saw each exchange",
        options: [
          .value("--sdk", .text), .value("--observer", .text), .value("--tolerance", .text),
          .flag("--json"), .value("--svg", .file), .flag("--allow-other-sessions"),
          .value("--composition", .choices(["on-reconnect", "live"])),
          .value("--featured", .text), .value("--order", .text), .flag("--force"),
          .value("--stage", .text), .value("--session", .text), .value("--as-of", .text),
        ] + liveOptions,
        operands: .file, help: ExplainCommand.help),
      rules,
    ] + liveRows + tokenRows + [completions]

  /// `stagemon rules`: the book every verdict cites.
  static let rules = CommandRow(
    words: ["rules"], synopses: ["[ID] [--as-of DATE] [--json]"],
    summary: "the IVS rules stagemon decides by, each with its source and where it holds",
    options: [.value("--as-of", .text), .flag("--json")],
    operands: .choices(RuleID.allCases.map(\.rawValue)), help: RulesCommand.help)

  /// Where and as whom requests to the IVS real-time API go (`LiveOptions`).
  static let liveOptions: [CommandOption] = [
    .value("--endpoint-url", .text), .value("--profile", .text), .value("--ca-bundle", .file),
    .value("--max-rps", .text), .value("--request-timeout", .text),
    .value("--total-timeout", .text),
  ]

  /// The commands that read (or, for keys, change) a real stage through the IVS API.
  static let liveRows: [CommandRow] = [
    CommandRow(
      words: ["fetch"], synopses: ["STAGE_ARN [--session st-…] [--out DIR] [live options]"],
      summary: "read one live session into the files the AWS CLI would write",
      options: [.value("--session", .text), .value("--out", .directory)] + liveOptions,
      operands: .text, help: FetchCommand.help),
    CommandRow(
      words: ["attach"], synopses: ["STAGE_ARN [--session st-…] [--sdk ID=P@V]… [live options]"],
      summary: "the monitor on a live session, read-only, with the model's prediction",
      options: [
        .value("--session", .text), .value("--sdk", .text), .value("--rate", .text),
        .value("--as-of", .text), .value("--events-queue", .text), .flag("--delete-consumed"),
      ]
        + liveOptions,
      operands: .text, help: AttachCommand.help),
    CommandRow(
      words: ["key"], synopses: ["register|list|delete … [live options]"],
      summary: "the account's public keys (ImportPublicKey, ListPublicKeys, DeletePublicKey)",
      options: [.value("--name", .text), .value("--region", .text)] + liveOptions,
      operands: .choices(["register", "list", "delete"]), help: KeyCommand.help),
    CommandRow(
      words: ["credentials"],
      synopses: [
        "[STAGE_ARN] [--profile NAME] [--region REGION] [--endpoint-url URL] [--ca-bundle PATH] "
          + "[--check]"
      ],
      summary:
        "where the live commands' AWS credentials come from; --check asks STS whose they are",
      options: [
        .value("--profile", .text), .value("--region", .text), .value("--endpoint-url", .text),
        .value("--ca-bundle", .file), .flag("--check"),
      ],
      operands: .text, help: CredentialsCommand.help),
  ]

  /// The monitor (`stagemon [SCENARIO.json]`): its options are `MonitorCommand.Option`'s.
  static let monitor = CommandRow(
    words: [], synopses: ["[SCENARIO.json] [options]"],
    summary: "open the monitor UI (the built-in demo without a file)",
    options: MonitorCommand.Option.allCases.map { option in
      switch option {
      case .theme: .value(option.rawValue, .choices(BundledThemes.byName.keys.sorted()))
      case .noColor, .noMouse, .present: .flag(option.rawValue)
      case .play: .flag(option.rawValue)  // its SPEED is optional: a file may follow
      case .logLines, .exitAfterFrames, .asOf: .value(option.rawValue, .text)
      }
    },
    operands: .file, help: MonitorCommand.help)

  static let tokenRows: [CommandRow] = [
    CommandRow(
      words: ["token", "keygen"], synopses: ["--out DIR [--kid ARN]"],
      summary: "make a P-384 key pair for signing participant tokens",
      options: [.value("--out", .directory), .value("--kid", .text)], operands: nil,
      help: TokenKeygenCommand.help),
    CommandRow(
      words: ["token", "mint"],
      synopses: ["--key private.pem --stage-arn ARN --participant-id ID [claims…]"],
      summary: "sign a participant token",
      options: [
        .value("--key", .file), .value("--kid", .text), .value("--stage-arn", .text),
        .value("--participant-id", .text), .value("--user-id", .text), .flag("--publish"),
        .flag("--subscribe"), .value("--attr", .text), .value("--ttl", .text),
        .value("--now", .text),
      ],
      operands: nil, help: TokenMintCommand.help),
    CommandRow(
      words: ["token", "inspect"], synopses: ["[TOKEN|FILE|-] [--keys DIR] [--json]"],
      summary: "decode a token and (with a key) check its signature",
      options: keyOptions + [.value("--now", .text), .flag("--json")], operands: .file,
      help: TokenInspectCommand.help),
    CommandRow(
      words: ["token", "verify"], synopses: ["(--public-key PEM | --keys DIR) TOKEN|FILE|-"],
      summary: "check a token's signature and claims",
      options: keyOptions + [.value("--now", .text), .flag("--json")], operands: .file,
      help: TokenVerifyCommand.help),
    CommandRow(
      words: ["token", "diff"], synopses: ["OLD NEW [--json]"],
      summary: "say whether NEW may replace OLD by exchangeToken", options: [.flag("--json")],
      operands: .file, help: TokenDiffCommand.help),
    CommandRow(
      words: ["token", "create"], synopses: ["STAGE_ARN [--user-id ID] [--attribute K=V]… …"],
      summary: "ask IVS for a token (CreateParticipantToken); such tokens cannot be exchanged",
      options: [
        .value("--user-id", .text), .value("--attribute", .text),
        .value("--capabilities", .choices(["publish", "subscribe", "publish,subscribe"])),
        .value("--duration", .text),
      ] + liveOptions,
      operands: .text, help: TokenCreateCommand.help),
  ]

  /// The options naming the key a token is checked with (`KeyOptions`).
  static let keyOptions: [CommandOption] = [
    .value("--public-key", .file), .value("--kid", .text), .value("--keys", .directory),
  ]

  static let completions = CommandRow(
    words: ["completions"], synopses: ["bash|zsh|fish"],
    summary: "print the shell completion script for every command and option", options: [],
    operands: .choices(CompletionShell.allCases.map(\.rawValue)), help: CompletionsCommand.help)

  /// The commands' first words, in order (`run`, `test`, …, `token`), without the monitor.
  static var commandNames: [String] {
    var names: [String] = []
    for row in rows {
      guard let first = row.words.first, !names.contains(first) else { continue }
      names.append(first)
    }
    return names
  }

  /// The usage lines: "  stagemon run SCENARIO.json …", each command's summary under it.
  static var usageLines: [String] {
    rows.flatMap { row in
      let command = (["stagemon"] + row.words).joined(separator: " ")
      return row.synopses.map { "  \(command) \($0)" } + ["      \(row.summary)"]
    }
  }
}
