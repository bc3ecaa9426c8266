import Synchronization
import Testing

@testable import AWSKit

/// Credentials are kept in one place and fetched anew ahead of their expiry, from the provider
/// that gave them; "expired" answers renew them once per request — decisions that need no
/// clock.
struct CredentialCacheTests {
  /// Hands out `ASIA1`, `ASIA2`… expiring `lifetime` seconds after the clock's now, or fails
  /// while `failing` is set; counts its fetches.
  final class Minting: CredentialProvider, Sendable {
    let clock: FakeClock
    let lifetime: Int64?
    let renewable: Bool
    private let state = Mutex((fetched: 0, failing: false))

    init(clock: FakeClock, lifetime: Int64? = 3600, renewable: Bool = true) {
      self.clock = clock
      self.lifetime = lifetime
      self.renewable = renewable
    }

    var name: String { "minting" }
    var isRenewable: Bool { renewable }
    var fetched: Int { state.withLock { $0.fetched } }
    func fail(_ failing: Bool) { state.withLock { $0.failing = failing } }

    func credentials() throws(CredentialError) -> Credentials? {
      let (count, failing) = state.withLock { state in
        if !state.failing { state.fetched += 1 }
        return (state.fetched, state.failing)
      }
      if failing { throw .unavailable(source: "minting", problem: "down") }
      return Credentials(
        accessKeyID: "ASIA\(count)", secretAccessKey: "s", sessionToken: "t",
        expiration: lifetime.map { Int64(clock.now()) + $0 }, source: "minting")
    }
  }

  @Test(arguments: [
    (3600, CredentialRefresh.keep), (900, .keep), (899, .tryFetching), (600, .tryFetching),
    (599, .fetch), (0, .fetch), (-5, .fetch),
  ] as [(Int64, CredentialRefresh)])
  func credentialsAreFetchedAnewFromFifteenMinutesAndMustBeFromTen(
    _ left: Int64, _ expected: CredentialRefresh
  ) {
    #expect(CredentialRefresh.decision(expiration: 1_000_000 + left, now: 1_000_000) == expected)
  }

  @Test func credentialsWithoutExpiryAndFarOffTimesNeverOverflow() {
    #expect(CredentialRefresh.decision(expiration: nil, now: 5) == .keep)
    #expect(CredentialRefresh.decision(expiration: .max, now: .min) == .keep)
    #expect(CredentialRefresh.decision(expiration: .min, now: .max) == .fetch)
  }

  @Test func keptCredentialsAreUsedUntilTheAdvisoryWindow() throws {
    let clock = FakeClock()
    let provider = Minting(clock: clock)
    let cache = CredentialCache(provider, clock: clock)
    #expect(try cache.current().accessKeyID == "ASIA1")
    clock.sleep(seconds: 3600 - 901)
    #expect(try cache.current().accessKeyID == "ASIA1")
    clock.sleep(seconds: 2)
    #expect(try cache.current().accessKeyID == "ASIA2")
    #expect(provider.fetched == 2)
  }

  @Test func aFailedFetchInTheAdvisoryWindowKeepsTheOldOnesButNotInTheMandatoryOne() throws {
    let clock = FakeClock()
    let provider = Minting(clock: clock)
    let cache = CredentialCache(provider, clock: clock)
    _ = try cache.current()
    provider.fail(true)
    clock.sleep(seconds: 3600 - 700)
    #expect(try cache.current().accessKeyID == "ASIA1")
    clock.sleep(seconds: 200)
    #expect(throws: CredentialError.unavailable(source: "minting", problem: "down")) {
      try cache.current()
    }
  }

  @Test func renewingAsksTheProviderThatGaveThemNotTheWholeChain() throws {
    let clock = FakeClock()
    let first = Minting(clock: clock)
    let second = Minting(clock: clock)
    let cache = CredentialCache(CredentialChain([first, second]), clock: clock)
    _ = try cache.current()
    #expect(cache.canRenew)
    cache.renew()
    #expect(try cache.current().accessKeyID == "ASIA2")
    #expect(first.fetched == 2)
    #expect(second.fetched == 0)
  }

  @Test func staticKeysCannotBeRenewed() throws {
    let clock = FakeClock()
    let cache = CredentialCache(Minting(clock: clock, lifetime: nil, renewable: false), clock: clock)
    _ = try cache.current()
    #expect(!cache.canRenew)
    #expect(cache.kept?.accessKeyID == "ASIA1")
  }

  @Test func freshCredentialsThatAlreadyExpiredAreAnError() {
    let clock = FakeClock()
    let cache = CredentialCache(Minting(clock: clock, lifetime: -1), clock: clock)
    #expect(throws: CredentialError.self) { try cache.current() }
  }

  @Test(arguments: ["ExpiredTokenException", "ExpiredToken", "RequestExpired"])
  func expiredCredentialsAreRenewedWhenTheirSourceCanRenewThem(_ code: String) {
    let error = AWSError.service(
      code: AWSErrorCode(rawValue: code), message: "", status: 403, requestID: nil)
    let policy = RetryPolicy(jitter: { 0.5 })
    #expect(policy.decision(for: error, attempt: 1, renewal: .available) == .renewCredentials)
    #expect(policy.decision(for: error, attempt: 1, renewal: .unavailable) == .stop)
  }

  @Test func aSkewedClockIsCorrectedBeforeCredentialsAreRenewed() {
    let error = AWSError.service(code: .requestExpired, message: "", status: 403, requestID: nil)
    let decision = RetryPolicy(jitter: { 0.5 }).decision(
      for: error, attempt: 1, clockSkew: 600, renewal: .available)
    #expect(decision == .correctClock(bySeconds: 600))
  }

  @Test func otherRefusalsAreNeverTakenForExpiredCredentials() {
    let error = AWSError.service(code: .accessDenied, message: "", status: 403, requestID: nil)
    #expect(RetryPolicy(jitter: { 0.5 }).decision(for: error, attempt: 1, renewal: .available) == .stop)
  }
}
