import Foundation
import InputKit
import StageEngine
import TokenCore

/// `token mint`: signs a participant token as a customer's server would.
enum TokenMintCommand: Subcommand {
  static let help = """
    USAGE: stagemon token mint --key private.pem [--kid ARN] --stage-arn ARN --participant-id ID
                               [--user-id U] [--publish] [--subscribe] [--attr KEY=VALUE]...
                               [--ttl 12h] [--now ISO8601]

    Prints a signed ES384 participant token. --kid defaults to the kid file
    keygen wrote beside the key. --ttl accepts 30s, 5m, 12h, 14d (at most 14d).
    The claims are validated before signing, so a token the stage would
    refuse is never printed.
    """

  static func execute(_ arguments: inout Arguments) throws -> ExitStatus {
    guard let keyPath = try arguments.option("--key") else {
      throw UsageError("mint needs --key private.pem")
    }
    guard let stageARN = try arguments.option("--stage-arn") else {
      throw UsageError("mint needs --stage-arn ARN")
    }
    guard let participant = try arguments.option("--participant-id") else {
      throw UsageError("mint needs --participant-id ID")
    }
    let kidOption = try arguments.option("--kid")
    let userId = try arguments.option("--user-id")
    let capabilities = Capabilities(
      publish: arguments.flag("--publish"), subscribe: arguments.flag("--subscribe"))
    let attributes = try parseAttributes(try arguments.options("--attr"))
    let ttl = try duration(try arguments.option("--ttl") ?? "12h")
    let now = try TimeOption.now(try arguments.option("--now"))
    try arguments.finish()

    guard let kid = kidOption ?? InputFiles.storedKid(besideKeyAt: keyPath) else {
      throw UsageError("mint needs --kid ARN (no kid file beside \(keyPath))")
    }
    guard ARN.isPublicKey(kid) else {
      throw InputError("--kid \(Excerpt.of(kid)) is not a public key ARN")
    }
    let key = try InputFiles.signingKey(at: keyPath)
    let claims = try TokenClaims.forStage(
      stageARN, participantID: participant, userId: userId, capabilities: capabilities,
      attributes: attributes, issuedAt: now, lifetime: ttl)
    try claims.validate(now: now)
    Console.out(try TokenMinter.mint(claims, key: key, kid: kid))
    return .success
  }

  private static func parseAttributes(_ pairs: [String]) throws -> [String: String] {
    var attributes: [String: String] = [:]
    for pair in pairs {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw UsageError("--attr \(Excerpt.of(pair)) must be KEY=VALUE")
      }
      attributes[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    return attributes
  }

  private static func duration(_ text: String) throws -> Int64 {
    do {
      return try VirtualDuration(parsing: text).seconds
    } catch {
      throw UsageError("--ttl: \(error)")
    }
  }
}

/// The `--now` option shared by commands that judge expiry: the wall clock
/// unless a fixed ISO 8601 time is given (for reproducible output).
enum TimeOption {
  static func now(_ text: String?) throws -> Int64 {
    guard let text else { return Int64(Date().timeIntervalSince1970) }
    guard let seconds = VirtualTime.parse(text) else {
      throw UsageError(
        "--now \(Excerpt.of(text)) is not an ISO 8601 time like 2026-01-01T12:00:00Z")
    }
    return seconds
  }
}
