import Foundation
import JSONKit
import StageEngine
import TokenCore

/// Makes the deck's tokens through the scenario runner's own minting (the `exchange` step's
/// path, relative to the participant's current token, with the keys the stage trusts), so a
/// deck entry is exactly what the same change in a scenario file would exchange.
public struct TokenForge {
  /// The runner whose keys sign.
  public let runner: ScenarioRunner

  /// Creates a forge over `runner`.
  public init(runner: ScenarioRunner) { self.runner = runner }

  /// The token `entry` stands for, as an `exchange` step writes it: a mint spec relative to
  /// the current token (whose claims are `current`) at virtual time `now`, or the pasted JWT
  /// as a raw token. `input` is the typed value for entries that ask for one. This is what a
  /// recorded session keeps, so its file carries no signature except pasted ones.
  public func scenarioToken(
    for entry: DeckEntry, current: TokenClaims, now: Int64, input: String
  ) throws(DeckError) -> ScenarioToken {
    switch entry {
    case .prepared(let prepared): return .mint(prepared.spec)
    case .preset(.rawJWT): return .raw(input.trimmingCharacters(in: .whitespacesAndNewlines))
    case .preset(let preset):
      return .mint(try Self.spec(for: preset, current: current, now: now, input: input))
    }
  }

  /// What the deck predicts `token` from for participant `id` now: a pasted JWT as it is,
  /// or the token the mint spec makes, unsigned (the exchange step signs it when applied).
  public func preview(_ token: ScenarioToken, participant id: String) throws(DeckError)
    -> DeckToken
  {
    switch token {
    case .raw(let raw): return .pasted(raw)
    case .mint(let spec):
      do {
        return .unsigned(try runner.unsignedExchangeToken(for: id, spec: spec))
      } catch {
        throw DeckError(error.message)
      }
    }
  }

  /// Why `entry` cannot be made at all with the scenario's keys (it needs minting and the
  /// keys are public halves only), or nil. Such an entry is shown disabled with the reason.
  public func unavailability(of entry: DeckEntry) -> String? {
    let spec: TokenMintSpec
    switch entry {
    case .prepared(let prepared): spec = prepared.spec
    case .preset(.rawJWT): return nil
    case .preset(let preset): spec = Self.keyChoice(of: preset)
    }
    return spec.signingProblem(with: runner.scenario.keys)
  }

  /// The key and origin a preset signs with (what decides whether it can be minted).
  private static func keyChoice(of preset: DeckPreset) -> TokenMintSpec {
    switch preset {
    case .createParticipantToken: return TokenMintSpec(origin: .createParticipantToken)
    case .unknownKey: return TokenMintSpec(key: .unknown)
    default: return TokenMintSpec()
    }
  }

  /// The scenario-file mint spec a preset stands for.
  static func spec(for preset: DeckPreset, current: TokenClaims, now: Int64, input: String)
    throws(DeckError) -> TokenMintSpec
  {
    var capabilities = current.capabilities
    switch preset {
    case .grantPublish: capabilities.publish = true
    case .revokePublish: capabilities.publish = false
    case .grantSubscribe: capabilities.subscribe = true
    case .revokeSubscribe: capabilities.subscribe = false
    case .editAttributes:
      let attributes = try AttributeInput.parse(input)
      return TokenMintSpec(attributes: attributes.keys.sorted().map { ($0, attributes[$0] ?? "") })
    case .editUserId: return TokenMintSpec(userId: input)
    case .extendExpiry: return TokenMintSpec(ttl: VirtualDuration(seconds: 12 * 3600))
    case .changeImmutable:
      return TokenMintSpec(claims: [("topic", .string(current.topic + "-other"))])
    case .createParticipantToken: return TokenMintSpec(origin: .createParticipantToken)
    case .unknownKey: return TokenMintSpec(key: .unknown)
    case .expired:
      return TokenMintSpec(claims: [("iat", .integer(now - 7200)), ("exp", .integer(now - 3600))])
    case .rawJWT: return TokenMintSpec()
    }
    return TokenMintSpec(capabilities: capabilities)
  }
}

/// Why a deck token could not be made (bad typed value, missing key): shown as the entry's
/// outcome instead of a crash.
public struct DeckError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public let message: String
  /// Creates an error.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}
