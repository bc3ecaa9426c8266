import Foundation
import JSONKit
import StageEngine
import TokenCore

/// Mints the deck's tokens relative to a participant's current token, with the keys the
/// stage trusts (and one it does not, for the unknown-key preset).
public final class TokenForge {
  /// Signing keys the stage trusts, by public-key ARN; the first signs by default.
  public let keys: [(arn: String, key: SigningKey)]
  /// The `kid` written by the unknown-key preset: well formed, not imported.
  public let unknownARN: String
  private var unknownKey: SigningKey?

  /// Creates a forge from the scenario's keys.
  public init(keys: [(arn: String, key: SigningKey)], unknownARN: String) {
    self.keys = keys
    self.unknownARN = unknownARN
  }

  /// The token `entry` makes from `current` at virtual time `now`; `input` is the typed value
  /// for entries that ask for one. Throws a message naming what could not be made.
  public func token(
    for entry: DeckEntry, current: ParticipantToken, now: Int64, input: String
  ) throws(DeckError) -> String {
    var claims = current.claims
    claims.exp = now + max(0, current.claims.exp - current.claims.iat)
    claims.iat = now
    switch entry {
    case .prepared(let prepared): return try mint(prepared.spec, from: claims)
    case .preset(let preset): return try make(preset, from: claims, now: now, input: input)
    }
  }

  private func make(_ preset: DeckPreset, from base: TokenClaims, now: Int64, input: String)
    throws(DeckError) -> String
  {
    var claims = base
    switch preset {
    case .grantPublish: claims.capabilities.publish = true
    case .revokePublish: claims.capabilities.publish = false
    case .grantSubscribe: claims.capabilities.subscribe = true
    case .revokeSubscribe: claims.capabilities.subscribe = false
    case .editAttributes: claims.attributes = try AttributeInput.parse(input)
    case .editUserId: claims.userId = input.isEmpty ? nil : input
    case .extendExpiry: claims.exp = now + 12 * 3600
    case .changeImmutable: claims.topic = base.topic + "-other"
    case .createParticipantToken: return TokenMinter.mintCreateParticipantTokenStyle(claims)
    case .unknownKey: return try sign(claims, with: unknownSigningKey(), kid: unknownARN)
    case .expired:
      claims.iat = now - 2 * 3600
      claims.exp = now - 3600
    case .rawJWT: return input.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return try signDefault(claims)
  }

  private func mint(_ spec: TokenMintSpec, from base: TokenClaims) throws(DeckError) -> String {
    var claims = base
    if let ttl = spec.ttl { claims.exp = claims.iat + ttl.seconds }
    if let capabilities = spec.capabilities { claims.capabilities = capabilities }
    if let attributes = spec.attributes {
      claims.attributes = Dictionary(attributes, uniquingKeysWith: { _, last in last })
    }
    if let userId = spec.userId { claims.userId = userId }
    for (name, value) in spec.claims {
      do {
        claims = try claims.setting(claim: name, to: value)
      } catch {
        throw DeckError("claim \(name): \(error)")
      }
    }
    if spec.origin == .createParticipantToken {
      return TokenMinter.mintCreateParticipantTokenStyle(claims)
    }
    switch spec.key {
    case nil: return try signDefault(claims)
    case .unknown: return try sign(claims, with: unknownSigningKey(), kid: unknownARN)
    case .arn(let arn):
      guard let found = keys.first(where: { $0.arn == arn }) else {
        throw DeckError("no signing key \(arn)")
      }
      return try sign(claims, with: found.key, kid: arn)
    }
  }

  private func signDefault(_ claims: TokenClaims) throws(DeckError) -> String {
    guard let first = keys.first else { throw DeckError("no signing key loaded") }
    return try sign(claims, with: first.key, kid: first.arn)
  }

  private func sign(_ claims: TokenClaims, with key: SigningKey, kid: String) throws(DeckError)
    -> String
  {
    do {
      return try TokenMinter.mint(claims, key: key, kid: kid)
    } catch {
      throw DeckError("cannot sign: \(error)")
    }
  }

  private func unknownSigningKey() throws(DeckError) -> SigningKey {
    if let unknownKey { return unknownKey }
    do {
      let key = try SigningKey.generate()
      unknownKey = key
      return key
    } catch {
      throw DeckError("cannot generate a key: \(error)")
    }
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
