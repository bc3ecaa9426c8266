/// One place credentials may come from. `nil` means "not configured here" and the chain asks
/// the next; a throw means "configured here but broken", which stops the chain so a typo in a
/// profile is never hidden by older credentials found further on. A provider fetches anew each
/// time it is asked; `CredentialCache` is the one place credentials are kept.
public protocol CredentialProvider: Sendable {
  /// Where it looks, as the "no credentials" message lists it.
  var name: String { get }
  /// Whether asking again can bring other credentials than last time (a command run again, a
  /// service asked again); keys written in the environment or a file cannot.
  var isRenewable: Bool { get }
  /// The credentials, nil when none are configured here.
  func credentials() throws(CredentialError) -> Credentials?
}
