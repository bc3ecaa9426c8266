/// Asks providers in order; the first that has credentials wins (botocore's
/// `CredentialResolver`). When none has, the error names every place looked, so the person
/// knows what to set.
public struct CredentialChain: CredentialProvider {
  /// The provider that had credentials, and what it gave.
  public struct Found: Sendable {
    /// The provider asked again when the credentials are renewed.
    public let provider: any CredentialProvider
    /// Its credentials.
    public let credentials: Credentials
  }

  /// The providers, in the order asked.
  public let providers: [any CredentialProvider]

  /// Creates a chain.
  public init(_ providers: [any CredentialProvider]) { self.providers = providers }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String { providers.map(\.name).joined(separator: "; ") }

  /// Whether any provider could bring other credentials when asked again.
  public var isRenewable: Bool { providers.contains { $0.isRenewable } }

  /// The first provider with credentials, and its credentials; `CredentialError.notFound`
  /// naming every provider when none has any.
  public func resolve() throws(CredentialError) -> Found {
    for provider in providers {
      if let found = try provider.credentials() {
        return Found(provider: provider, credentials: found)
      }
    }
    throw .notFound(tried: providers.map(\.name))
  }

  /// The first provider's credentials; nil when none has any.
  public func credentials() throws(CredentialError) -> Credentials? {
    for provider in providers {
      if let found = try provider.credentials() { return found }
    }
    return nil
  }
}
