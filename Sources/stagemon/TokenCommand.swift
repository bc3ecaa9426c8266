import InputKit

/// `stagemon token …`: the tools support engineers use on the tokens their
/// customers send — make keys, mint, decode, verify and compare.
enum TokenCommand {
  static let help = """
    USAGE: stagemon token <subcommand> [options]

    SUBCOMMANDS:
      keygen   make a P-384 key pair for signing participant tokens
      mint     sign a participant token
      inspect  decode a token and (with a key) check its signature
      verify   check a token's signature and claims; exit 1 with the reason when invalid
      diff     say whether NEW may replace OLD by exchangeToken, claim by claim
      create   ask IVS for a token (CreateParticipantToken; such tokens cannot be exchanged)

    Run `stagemon token <subcommand> --help` for its options.
    A TOKEN argument may be the token itself, a file holding it, or - for standard input.
    """

  /// Dispatches to the subcommand.
  static func run(_ words: [String]) -> ExitStatus {
    guard let sub = words.first else {
      return Stagemon.fail(UsageError("token needs a subcommand"), help: help)
    }
    let rest = Array(words.dropFirst())
    switch sub {
    case "--help", "-h", "help":
      Console.out(help)
      return .success
    case "keygen": return TokenKeygenCommand.main(rest)
    case "mint": return TokenMintCommand.main(rest)
    case "inspect": return TokenInspectCommand.main(rest)
    case "verify": return TokenVerifyCommand.main(rest)
    case "diff": return TokenDiffCommand.main(rest)
    case "create": return TokenCreateCommand.main(rest)
    default:
      return Stagemon.fail(
        UsageError("unknown token subcommand \(Excerpt.quoted(sub))"), help: help)
    }
  }
}

/// What every token subcommand shares: help handling and turning thrown
/// errors into the right exit status and message.
protocol Subcommand {
  static var help: String { get }
  static func execute(_ arguments: inout Arguments) throws -> ExitStatus
}

extension Subcommand {
  /// Runs the subcommand with uniform `--help`, usage-error and failure handling.
  static func main(_ words: [String]) -> ExitStatus {
    var arguments = Arguments(words)
    if arguments.answersHelp(help) { return .success }
    do {
      return try execute(&arguments)
    } catch let error as UsageError {
      return Stagemon.fail(error, help: help)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
  }
}
