import JSONKit
import TokenCore

/// Turns a scenario's token descriptions into compact JWTs: a participant's
/// first token from the claims shorthand, and exchange tokens relative to the
/// participant's current token (SPEC §6).
struct ScenarioTokenFactory {
  /// Lifetime of a first token whose scenario gives no `ttl`.
  static let defaultTTL = VirtualDuration(seconds: 12 * 3600)

  let stage: ScenarioStage
  let file: String
  var keyring: ScenarioKeyring

  /// The claims a participant's first token carries at virtual time `now`; a `ttl` that ends
  /// past the latest time a token can carry is an error at `location`.
  func firstClaims(id: String, spec: TokenMintSpec, now: Int64, location: String)
    throws(ScenarioError) -> TokenClaims
  {
    let ttl = spec.ttl ?? Self.defaultTTL
    let (iat, exp) = try times(spec, now: now, lifetime: ttl.seconds, location: location)
    return TokenClaims(
      exp: exp, iat: iat,
      jti: id, userId: spec.userId, resource: stage.arn,
      topic: stage.id, eventsURL: stage.eventsURL, whipURL: stage.whipURL,
      capabilities: spec.capabilities ?? Capabilities(),
      attributes: Self.dictionary(spec.attributes ?? []))
  }

  /// `current` changed as `spec` says, issued at `now`; the lifetime stays the
  /// current one unless `ttl` is given. Raw claim overrides apply last.
  func exchangeClaims(current: TokenClaims, spec: TokenMintSpec, now: Int64, location: String)
    throws(ScenarioError) -> TokenClaims
  {
    var claims = current
    guard let lifetime = spec.ttl?.seconds ?? current.lifetime.map({ max(0, $0) }) else {
      throw ScenarioError(
        file: file, location: location,
        message: "cannot keep the current token's lifetime: its exp (\(current.exp)) minus iat "
          + "(\(current.iat)) does not fit in 64 bits; give a ttl")
    }
    (claims.iat, claims.exp) = try times(spec, now: now, lifetime: lifetime, location: location)
    if let capabilities = spec.capabilities { claims.capabilities = capabilities }
    if let attributes = spec.attributes { claims.attributes = Self.dictionary(attributes) }
    if let userId = spec.userId { claims.userId = userId }
    return try Self.override(claims, with: spec.claims, file: file, location: location)
  }

  /// `iat` and `exp` of a token minted at `now` living `lifetime` seconds; an expired one
  /// (`expiredAgo`) ends that long before `now` and was issued a lifetime before its end.
  private func times(_ spec: TokenMintSpec, now: Int64, lifetime: Int64, location: String)
    throws(ScenarioError) -> (iat: Int64, exp: Int64)
  {
    guard let ago = spec.expiredAgo else {
      return (now, try expiry(issuedAt: now, lifetime: lifetime, location: "\(location).ttl"))
    }
    let (exp, late) = now.subtractingReportingOverflow(ago.seconds)
    let (iat, early) = exp.subtractingReportingOverflow(lifetime)
    guard !late, !early, iat >= VirtualTime.earliest else {
      throw ScenarioError(
        file: file, location: "\(location).ttl",
        message: "a token that expired \(ago) before \(VirtualTime.iso8601(now)) with a lifetime of"
          + " \(VirtualDuration(seconds: lifetime)) would be issued before the calendar starts")
    }
    return (iat, exp)
  }

  private func expiry(issuedAt: Int64, lifetime: Int64, location: String) throws(ScenarioError)
    -> Int64
  {
    do {
      return try TokenClaims.expiry(issuedAt: issuedAt, lifetime: lifetime)
    } catch {
      throw ScenarioError(file: file, location: location, message: "\(error)")
    }
  }

  /// Applies raw claim overrides in order; a value of the wrong type names the claim.
  static func override(
    _ claims: TokenClaims, with overrides: [(key: String, value: JSON)], file: String,
    location: String
  ) throws(ScenarioError) -> TokenClaims {
    var result = claims
    for (name, value) in overrides {
      do {
        result = try result.setting(claim: name, to: value)
      } catch {
        throw ScenarioError(file: file, location: "\(location).claims.\(name)", message: "\(error)")
      }
    }
    return result
  }

  /// A token to mint: ready (an IVS-style token needs no signature) or still to sign.
  enum Pending {
    case ready(String)
    case toSign(MintRequest)
  }

  /// Signs `claims` as `spec` asks: a key-pair token, or an IVS-style CreateParticipantToken one.
  mutating func mint(_ claims: TokenClaims, spec: TokenMintSpec, location: String)
    throws(ScenarioError) -> String
  {
    try mintWithSigner(claims, spec: spec, location: location).token
  }

  /// `mint`, with the public key whose private key signed the token (nil for an IVS-style one),
  /// so the stage need not verify a signature it knows holds.
  mutating func mintWithSigner(_ claims: TokenClaims, spec: TokenMintSpec, location: String)
    throws(ScenarioError) -> (token: String, signer: PublicKey?)
  {
    switch try prepare(claims, spec: spec) {
    case .ready(let token): return (token, nil)
    case .toSign(let request):
      let token = try signed(
        Result { () throws(KeyError) in try request.mint() }, location: location)
      return (token, request.key.publicKey)
    }
  }

  /// `mint(claims, spec:, location:)` up to the signature, so that many tokens can be signed
  /// at once (`TokenBatch.mint`).
  mutating func prepare(_ claims: TokenClaims, spec: TokenMintSpec) throws(ScenarioError)
    -> Pending
  {
    if spec.origin == .createParticipantToken {
      return .ready(TokenMinter.mintCreateParticipantTokenStyle(claims))
    }
    let (arn, key) = try keyring.key(for: spec.key, file: file)
    return .toSign(MintRequest(claims: claims, key: key, kid: arn))
  }

  /// A signed token, or the signing failure as an error at `location`.
  func signed(_ result: Result<String, KeyError>, location: String) throws(ScenarioError)
    -> String
  {
    do {
      return try result.get()
    } catch {
      throw ScenarioError(file: file, location: location, message: "cannot sign: \(error)")
    }
  }

  /// `mint(claims, spec:, location:)` up to its signature (see `UnsignedToken`): the same
  /// header, claims and key choice, for predicting an exchange without signing.
  func unsigned(_ claims: TokenClaims, spec: TokenMintSpec, location: String)
    throws(ScenarioError) -> UnsignedToken
  {
    let signer =
      spec.origin == .createParticipantToken ? nil : try keyring.signer(for: spec.key, file: file)
    do {
      guard let signer else { return try TokenMinter.unsignedCreateParticipantTokenStyle(claims) }
      return try TokenMinter.unsigned(claims, signer: signer.key, kid: signer.arn)
    } catch {
      throw ScenarioError(
        file: file, location: location, message: "cannot make the token: \(error)")
    }
  }

  private static func dictionary(_ pairs: [(key: String, value: String)]) -> [String: String] {
    Dictionary(pairs, uniquingKeysWith: { _, last in last })
  }
}
