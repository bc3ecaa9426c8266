import InputKit
import JSONKit
import TokenCore

/// `token verify`: the yes/no check scripts need — signature and claims, as
/// the stage service checks them at join.
enum TokenVerifyCommand: Subcommand {
  static let help = """
    USAGE: stagemon token verify (--public-key PEM [--kid ARN] | --keys DIR) [--now ISO8601] [--json]
                                 TOKEN|FILE|-

    Exit 0 when the token is a well-formed key-pair token, its signature holds
    with the key its kid names, and its claims are valid at --now (default:
    the current time). Exit 1 with the reason otherwise.
    """

  static func execute(_ arguments: inout Arguments) throws -> ExitStatus {
    let json = arguments.flag("--json")
    guard let keys = try KeyOptions.parse(&arguments) else {
      throw UsageError("verify needs --public-key PEM or --keys DIR")
    }
    let now = try TimeOption.now(try arguments.option("--now"))
    guard let input = arguments.positional() else {
      throw UsageError("verify needs a TOKEN (or - for stdin)")
    }
    try arguments.finish()
    let text = try InputFiles.token(input)
    let problem = check(text, keys: keys, now: now)
    if json {
      let report: JSON = .object(
        [("valid", .bool(problem == nil))] + (problem.map { [("reason", JSON.string($0))] } ?? []))
      Console.out(JSONWriter.compact(report))
    } else if let problem {
      Console.error("invalid: \(problem)")
    } else {
      Console.out("valid")
    }
    return problem == nil ? .success : .invalid
  }

  private static func check(_ text: String, keys: KeyOptions, now: Int64) -> String? {
    do {
      let token = try ParticipantToken.parse(text)
      guard token.origin == .keyPair else {
        return "the token is not a key-pair token (alg \(token.header.alg)); "
          + "CreateParticipantToken tokens are signed by IVS and cannot be checked with a customer key"
      }
      let store = try keys.keyStore(for: token)
      try store.verifySignature(token)
      try token.claims.validate(now: now)
      return nil
    } catch {
      return "\(error)"
    }
  }
}
