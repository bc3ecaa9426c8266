/// One place credentials may come from. `nil` means "not configured here" and the chain asks
/// the next; a throw means "configured here but broken", which stops the chain so a typo in a
/// profile is never hidden by older credentials found further on.
public protocol CredentialProvider: Sendable {
  /// Where it looks, as the "no credentials" message lists it.
  var name: String { get }
  /// The credentials, nil when none are configured here.
  func credentials() throws(CredentialError) -> Credentials?
  /// The service said the credentials expired before the time they gave (a session revoked
  /// or cut short): forget any kept answer so the next `credentials()` fetches anew. Returns
  /// whether there was one to fetch anew (a `credential_process` to run again), so the
  /// caller retries only when new credentials can come.
  func renew() -> Bool
}

extension CredentialProvider {
  /// Nothing kept, nothing to renew: the same credentials would come again.
  public func renew() -> Bool { false }
}

/// `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN` (botocore's
/// `EnvProvider`), from an injected environment so tests need no process state.
public struct EnvironmentCredentials: CredentialProvider {
  private let environment: [String: String]

  /// Reads `environment` (usually `ProcessInfo.processInfo.environment`).
  public init(_ environment: [String: String]) { self.environment = environment }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String {
    "environment variables AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY"
  }

  /// The credentials, nil when none are configured here.
  public func credentials() throws(CredentialError) -> Credentials? {
    let key = nonEmpty("AWS_ACCESS_KEY_ID")
    let secret = nonEmpty("AWS_SECRET_ACCESS_KEY")
    switch (key, secret) {
    case (nil, nil): return nil
    case (nil, _): throw .incompleteEnvironment(missing: "AWS_ACCESS_KEY_ID")
    case (_, nil): throw .incompleteEnvironment(missing: "AWS_SECRET_ACCESS_KEY")
    case (let key?, let secret?):
      return Credentials(
        accessKeyID: key, secretAccessKey: secret, sessionToken: nonEmpty("AWS_SESSION_TOKEN"),
        source: "environment variables")
    }
  }

  private func nonEmpty(_ variable: String) -> String? {
    guard let value = environment[variable], !value.isEmpty else { return nil }
    return value
  }
}

/// Asks providers in order; the first that has credentials wins. When none has, the error
/// names every place looked, so the person knows what to set.
public struct CredentialChain: CredentialProvider {
  /// The providers, in the order asked.
  public let providers: [any CredentialProvider]

  /// Creates a chain.
  public init(_ providers: [any CredentialProvider]) { self.providers = providers }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String { providers.map(\.name).joined(separator: "; ") }

  /// Renews every provider that keeps an answer; whether any did.
  public func renew() -> Bool {
    providers.map { $0.renew() }.contains(true)
  }

  /// The first provider's credentials; `CredentialError.notFound` when none has any.
  public func credentials() throws(CredentialError) -> Credentials? {
    for provider in providers {
      if let found = try provider.credentials() { return found }
    }
    throw .notFound(tried: providers.map(\.name))
  }
}
