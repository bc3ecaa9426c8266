import Synchronization

/// The one place credentials are kept for a run. The first request resolves the chain; later
/// ones get the kept credentials until they come near their expiry (`CredentialRefresh`), when
/// the provider that gave them — not the whole chain, as in botocore — is asked again. A
/// service's "expired" answer makes the client `renew()` once (a `RetryPolicy` decision).
/// Every client of a run shares one cache, so an MFA code is asked for once.
public final class CredentialCache: Sendable {
  /// The provider (usually a `CredentialChain`) resolved on first use.
  public let provider: any CredentialProvider
  private let clock: any AWSClock
  private let state = Mutex(State())

  private struct State: Sendable {
    /// The provider that gave the kept credentials.
    var source: (any CredentialProvider)?
    /// The kept credentials; nil before the first request and after `renew()`.
    var credentials: Credentials?
  }

  /// A cache resolving `provider`, timed by `clock`.
  public init(_ provider: any CredentialProvider, clock: any AWSClock) {
    self.provider = provider
    self.clock = clock
  }

  /// The credentials to sign with now, fetched or fetched anew as `CredentialRefresh` says.
  public func current() throws(CredentialError) -> Credentials {
    try state.withLock { (state: inout State) throws(CredentialError) -> Credentials in
      let now = Int64(clock.now().rounded(.down))
      guard let kept = state.credentials, let source = state.source else {
        return try fetch(into: &state, now: now)
      }
      switch CredentialRefresh.decision(expiration: kept.expiration, now: now) {
      case .keep: return kept
      case .tryFetching:
        do {
          return try fetch(from: source, into: &state, now: now)
        } catch {
          return kept
        }
      case .fetch: return try fetch(from: source, into: &state, now: now)
      }
    }
  }

  /// Forgets the kept credentials, so the next `current()` asks their provider again.
  public func renew() {
    state.withLock { $0.credentials = nil }
  }

  /// Whether the kept credentials' provider can bring others when asked again.
  public var canRenew: Bool { state.withLock { $0.source?.isRenewable ?? false } }

  /// The kept credentials, if any (for messages: they print without their secret).
  public var kept: Credentials? { state.withLock { $0.credentials } }

  private func fetch(into state: inout State, now: Int64) throws(CredentialError) -> Credentials {
    if let source = state.source { return try fetch(from: source, into: &state, now: now) }
    let found: CredentialChain.Found
    if let chain = provider as? CredentialChain {
      found = try chain.resolve()
    } else if let credentials = try provider.credentials() {
      found = CredentialChain.Found(provider: provider, credentials: credentials)
    } else {
      throw .notFound(tried: [provider.name])
    }
    try Self.requireUnexpired(found.credentials, now: now)
    state.source = found.provider
    state.credentials = found.credentials
    return found.credentials
  }

  private func fetch(
    from source: any CredentialProvider, into state: inout State, now: Int64
  ) throws(CredentialError) -> Credentials {
    guard let fresh = try source.credentials() else { throw .notFound(tried: [source.name]) }
    try Self.requireUnexpired(fresh, now: now)
    state.credentials = fresh
    return fresh
  }

  /// Fresh credentials that have already expired are an error (botocore: "refreshed
  /// credentials are still expired"), not something to sign with.
  private static func requireUnexpired(_ credentials: Credentials, now: Int64)
    throws(CredentialError)
  {
    guard let expiration = credentials.expiration, expiration <= now else { return }
    throw .expired(source: credentials.source, at: expiration)
  }
}
