import InputKit
import JSONKit
import StageEngine
import TokenCore

/// `token inspect`: decodes a token readably for a support engineer, and
/// checks its signature when given a key. The signature itself is never shown.
enum TokenInspectCommand: Subcommand {
  static let help = """
    USAGE: stagemon token inspect [TOKEN|FILE|-] [--public-key PEM --kid ARN | --keys DIR]
                                  [--now ISO8601] [--json]

    Prints the header and claims (times as dates and as "in 3h"), the token's
    origin (key-pair or CreateParticipantToken) and whether the claims are
    valid now. With a key, also whether the signature holds. Reads standard
    input when TOKEN is - or missing. Exit 1 when the token or its claims are
    malformed (the report is still printed); an expired token exits 0.
    """

  static func execute(_ arguments: inout Arguments) throws -> ExitStatus {
    let json = arguments.flag("--json")
    let keys = try KeyOptions.parse(&arguments)
    let now = try TimeOption.now(try arguments.option("--now"))
    let input = arguments.positional() ?? "-"
    try arguments.finish()
    let token = try ParticipantToken.parse(try InputFiles.token(input))
    let signature = try keys.map {
      SignatureVerdict(token: token, keys: try $0.keyStore(for: token))
    }
    let problem = claimProblem(token, now: now)
    if json {
      var report = TokenReport.json(token)
      report = report.setting("signatureValid", to: signature.map { .bool($0.valid) } ?? .null)
      report = report.setting("claimsValid", to: .bool(problem == nil))
      if let problem { report = report.setting("problem", to: .string(problem.description)) }
      Console.out(JSONWriter.pretty(report))
    } else {
      printText(token, signature: signature, problem: problem?.description, now: now)
    }
    return problem?.category == .malformed ? .invalid : .success
  }

  private static func claimProblem(_ token: ParticipantToken, now: Int64) -> TokenError? {
    do {
      try token.claims.validate(now: now)
      return nil
    } catch {
      return error
    }
  }

  private static func printText(
    _ token: ParticipantToken, signature: SignatureVerdict?, problem: String?, now: Int64
  ) {
    let origin =
      token.origin == .keyPair
      ? "key-pair (exchangeable)" : "CreateParticipantToken (not exchangeable)"
    Console.out("origin     \(origin)")
    Console.out("header")
    TokenReport.lines(token.header.json.objectValue ?? [], now: now, markUnknown: false).forEach(
      Console.out)
    Console.out("claims")
    TokenReport.lines(token.claims.json.objectValue ?? [], now: now, markUnknown: true).forEach(
      Console.out)
    Console.out(
      "signature  \(token.signature.count) bytes, \(signature?.text ?? "not checked (pass --public-key and --kid, or --keys)")"
    )
    Console.out(
      "claims     \(problem.map { "INVALID: \($0)" } ?? "valid at \(VirtualTime.iso8601(now))")")
  }
}
