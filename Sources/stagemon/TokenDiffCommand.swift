import InputKit
import JSONKit
import TokenCore

/// `token diff`: answers "may NEW replace OLD by exchangeToken?" the way the
/// SDK would (SPEC §3.1), and shows every claim that changes.
enum TokenDiffCommand: Subcommand {
  static let help = """
    USAGE: stagemon token diff OLD NEW [--json]

    OLD and NEW are tokens, files holding them, or - (one of them) for stdin.
    Lists every claim that changes, marking the five immutable ones (topic,
    resource, jti, whip_url, events_url), and says whether the SDK would
    accept the exchange. Exit 0 when it would, 1 when it would reject it.
    """

  static func execute(_ arguments: inout Arguments) throws -> ExitStatus {
    let json = arguments.flag("--json")
    guard let oldInput = arguments.positional(), let newInput = arguments.positional() else {
      throw UsageError("diff needs OLD and NEW tokens")
    }
    try arguments.finish()
    let old = try ParticipantToken.parse(try InputFiles.token(oldInput))
    let newText = try InputFiles.token(newInput)
    let verdict = ExchangeCheck.check(current: old, newToken: newText)
    let new = try? ParticipantToken.parse(newText)
    let changes = new.map { ClaimChange.between(old.claims.json, $0.claims.json) } ?? []
    if json {
      Console.out(JSONWriter.pretty(report(verdict, changes)))
    } else {
      printText(verdict, changes)
    }
    if case .success = verdict { return .success }
    return .invalid
  }

  private static func report(
    _ verdict: Result<ParticipantToken, ExchangeRejection>, _ changes: [ClaimChange]
  )
    -> JSON
  {
    var members: [(key: String, value: JSON)] = []
    switch verdict {
    case .success: members.append(("exchangeable", .bool(true)))
    case .failure(let rejection):
      members += [
        ("exchangeable", .bool(false)), ("reason", .string(rejection.description)),
        ("fields", .array(rejection.fields.map(JSON.string))),
      ]
    }
    members.append(("changes", .array(changes.map(\.json))))
    return .object(members)
  }

  private static func printText(
    _ verdict: Result<ParticipantToken, ExchangeRejection>, _ changes: [ClaimChange]
  ) {
    if changes.isEmpty { Console.out("no claim changes") }
    let width = TokenReport.alignment(changes.map(\.claim))
    let lines = changes.map { change in
      let mark = change.immutable ? "  ✗ immutable" : ""
      let old = change.old.map(JSONWriter.compact) ?? "(absent)"
      let new = change.new.map(JSONWriter.compact) ?? "(absent)"
      return TokenReport.padded(change.claim, to: width) + "\(old) → \(new)\(mark)"
    }
    if !lines.isEmpty { Console.out(lines.joined(separator: "\n")) }
    switch verdict {
    case .success:
      Console.out("exchange: accepted by the SDK (the service still checks signature and expiry)")
    case .failure(let rejection): Console.out("exchange: REJECTED — \(rejection)")
    }
  }
}

/// One claim that differs between two tokens.
struct ClaimChange {
  let claim: String
  let old: JSON?
  let new: JSON?
  var immutable: Bool { TokenClaims.immutableClaimNames.contains(claim) }

  /// Every differing claim, in the old token's order then new-only claims.
  static func between(_ old: JSON, _ new: JSON) -> [ClaimChange] {
    JSON.changedMembers(from: old, to: new).map {
      ClaimChange(claim: $0.key, old: $0.old, new: $0.new)
    }
  }

  var json: JSON {
    .object([
      ("claim", .string(claim)), ("old", old ?? .null), ("new", new ?? .null),
      ("immutable", .bool(immutable)),
    ])
  }
}
