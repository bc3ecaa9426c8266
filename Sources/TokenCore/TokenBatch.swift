import Dispatch
import Foundation
import Synchronization

/// Signs and checks many tokens at once, on every core.
///
/// A scenario of 10,000 participants mints 10,000 ES384 tokens before anything is shown, and
/// the stage checks each one's signature when it joins: one at a time that is seconds of
/// elliptic-curve work on one core. Each token is independent and keys are immutable once
/// made (`SigningKey` and `PublicKey` wrap an `EVP_PKEY` OpenSSL only reads), so the work
/// splits by index; results come back in the order asked.
public enum TokenBatch {
  /// What `TokenMinter.mint` makes for each request, in order.
  public static func mint(_ requests: [MintRequest]) -> [Result<String, KeyError>] {
    concurrently(requests.count) { index throws(KeyError) in try requests[index].mint() }
  }

  /// For each token, the key in `store` its signature verifies with (the key its `kid`
  /// names), or nil when `store.verifySignature` would refuse it. What a join may skip
  /// checking again while that key is still the one its `kid` names.
  public static func provenSigners(of tokens: [ParticipantToken], in store: KeyStore)
    -> [PublicKey?]
  {
    let results = concurrently(tokens.count) { index throws(TokenError) in
      try store.provenSigner(of: tokens[index])
    }
    return results.map { try? $0.get() }
  }

  /// `body(index)` for every index, spread over the cores; results by index.
  private static func concurrently<Value: Sendable, Failure: Error>(
    _ count: Int, _ body: @Sendable (Int) throws(Failure) -> Value
  ) -> [Result<Value, Failure>] {
    let slots = ResultSlots<Value, Failure>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let result: Result<Value, Failure>
      do throws(Failure) {
        result = .success(try body(index))
      } catch {
        result = .failure(error)
      }
      slots.set(index, result)
    }
    return slots.results
  }
}

/// One token to mint: its claims, the key that signs it and the `kid` that names the key.
public struct MintRequest: Sendable {
  /// What the token says.
  public let claims: TokenClaims
  /// The private key that signs it.
  public let key: SigningKey
  /// The public-key ARN its header names.
  public let kid: String

  /// Pairs claims with their signer.
  public init(claims: TokenClaims, key: SigningKey, kid: String) {
    self.claims = claims
    self.key = key
    self.kid = kid
  }

  /// The signed token (`TokenMinter.mint`).
  public func mint() throws(KeyError) -> String {
    try TokenMinter.mint(claims, key: key, kid: kid)
  }
}

/// Results written by index from concurrent workers; the mutex makes each write visible to
/// the reader after `concurrentPerform` returns.
private final class ResultSlots<Value: Sendable, Failure: Error>: Sendable {
  private let slots: Mutex<[Result<Value, Failure>?]>

  init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

  func set(_ index: Int, _ result: Result<Value, Failure>) {
    slots.withLock { $0[index] = result }
  }

  var results: [Result<Value, Failure>] {
    slots.withLock { $0.compactMap { $0 } }
  }
}
