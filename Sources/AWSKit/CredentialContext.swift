/// What every credential provider may need beyond its own settings: the environment, the
/// profile files, the region its STS calls go to (the client's, as botocore creates its STS
/// client for the client's region), the transport and clock, and how to ask the person for an
/// MFA code. Injected, so each provider runs in tests against a stand-in or a fake.
public struct CredentialContext: Sendable {
  /// The variables read (usually `ProcessInfo.processInfo.environment`).
  public var environment: [String: String]
  /// The config and credentials files.
  public var files: ProfileFiles
  /// The region STS requests go to; nil for STS's global endpoint.
  public var region: String?
  /// Sends requests to STS, IAM Identity Center and the metadata services.
  public var transport: any HTTPTransport
  /// The time, and waiting between retries.
  public var clock: any AWSClock
  /// Asks the person for a code, showing this prompt and not echoing the answer; nil when no
  /// one can be asked (no terminal).
  public var askSecretly: @Sendable (_ prompt: String) -> String?

  /// A context; `askSecretly` defaults to "no one to ask".
  public init(
    environment: [String: String], region: String?, transport: any HTTPTransport,
    clock: any AWSClock, askSecretly: @escaping @Sendable (String) -> String? = { _ in nil }
  ) {
    self.environment = environment
    files = ProfileFiles(environment: environment)
    self.region = region
    self.transport = transport
    self.clock = clock
    self.askSecretly = askSecretly
  }

  /// The STS client for this context's region.
  func sts() throws(CredentialError) -> STSClient {
    try STSClient(region: region, environment: environment, transport: transport, clock: clock)
  }

  /// The one retry loop for an unsigned call to a credential service's AWS API (IAM Identity
  /// Center's portal and OIDC, named `signingName` in `region`), its answers capped as
  /// `CredentialEndpoint`'s: retried as botocore's `sso` and `sso-oidc` clients retry.
  func caller(signingName: String, region: String) -> RetryingCaller {
    RetryingCaller(
      signer: SigV4Signer(service: signingName, region: region),
      readError: ServiceErrorReader.error, transport: transport, clock: clock,
      answerLimit: CredentialEndpoint.maximumAnswer)
  }

  /// The time now, in whole seconds since 1970.
  var now: Int64 { Int64(clock.now().rounded(.down)) }
}
