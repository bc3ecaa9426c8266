import AWSKit
import Foundation
import IVSLive
import InputKit
import Synchronization

/// The options every live command shares — `--endpoint-url`, `--profile`, `--ca-bundle`,
/// `--max-rps`, the two timeouts — and the client built from them with the credentials the AWS CLI would find.
struct LiveOptions {
  let endpointURL: String?
  let profile: String?
  let caBundle: String?
  let maxRPS: Double?
  let requestTimeout: Double
  let totalTimeout: Double

  /// Seconds a request may take in all, connecting to the last byte of its answer.
  static let defaultRequestTimeout = 30.0
  /// Seconds a command (all but attach) may take in all.
  static let defaultTotalTimeout = 7_200.0

  /// The lines the commands' help shows for these options.
  static let helpLines = """
      --endpoint-url URL   send requests here (else AWS_ENDPOINT_URL_IVS_REALTIME, AWS_ENDPOINT_URL,
                           https://ivsrealtime.REGION.amazonaws.com)
      --profile NAME       the AWS CLI profile (else AWS_PROFILE, else the environment's keys,
                           else profile default), followed as the AWS CLI follows it: roles,
                           IAM Identity Center, credential_process… (`stagemon credentials`)
      --ca-bundle PATH     check the endpoint's certificate against the CA certificates in PATH
                           (else AWS_CA_BUNDLE, else the profile's ca_bundle, else the system's)
      --max-rps N          at most N requests a second of each operation (default: 80 % of its
                           IVS quota, 4 a second for reads)
      --request-timeout S  end a request whose whole exchange — connecting, sending, every byte
                           of the answer — takes S seconds (default 30), then retry it as the
                           AWS CLI does
      --total-timeout S    end the command when it has run S seconds in all (default 7200, two
                           hours; attach runs until you quit)
    """

  /// Parses the shared options.
  init(_ arguments: inout Arguments) throws(UsageError) {
    endpointURL = try arguments.option("--endpoint-url")
    profile = try arguments.option("--profile")
    caBundle = try arguments.option("--ca-bundle")
    requestTimeout = try Self.seconds(&arguments, "--request-timeout") ?? Self.defaultRequestTimeout
    totalTimeout = try Self.seconds(&arguments, "--total-timeout") ?? Self.defaultTotalTimeout
    let rateText = try arguments.option("--max-rps")
    guard let rateText else {
      maxRPS = nil
      return
    }
    guard let rate = Double(rateText), rate > 0, rate <= 1000 else {
      throw UsageError("--max-rps \(rateText): give a number of requests a second above 0")
    }
    maxRPS = rate
  }

  /// A number of seconds given with `name`, above 0 and at most a week.
  private static func seconds(_ arguments: inout Arguments, _ name: String) throws(UsageError)
    -> Double?
  {
    guard let text = try arguments.option(name) else { return nil }
    guard let seconds = Double(text), seconds > 0, seconds <= 604_800 else {
      throw UsageError("\(name) \(Excerpt.quoted(text)): give a number of seconds above 0")
    }
    return seconds
  }

  /// Whether the plain-http warning was shown in this run.
  private static let warned = Mutex(false)

  /// Says once a run that requests go unencrypted to another machine.
  static func warnIfPlainText(_ endpoint: IVSEndpoint) {
    guard let warning = endpoint.plainTextWarning else { return }
    let first = warned.withLock { shown in
      defer { shown = true }
      return !shown
    }
    if first { Console.error("stagemon: \(warning)") }
  }

  /// A transport that checks certificates against the CA bundle the AWS CLI would use:
  /// `caBundle` (`--ca-bundle`), else `AWS_CA_BUNDLE`, else `profile`'s `ca_bundle`.
  static func transport(caBundle: String?, profile: String?, environment: [String: String])
    throws(CredentialError) -> CurlTransport
  {
    let config = try ProfileFiles(environment: environment).load()
    let bundle = try CABundle.resolve(
      option: caBundle, environment: environment,
      profile: ProfileChoice(option: profile, environment: environment).name, config: config)
    return CurlTransport(bundle: bundle)
  }

  /// The credentials the AWS CLI would use for `profile` (`--profile`) and requests to
  /// `region`, kept for the run (`DefaultCredentialChain`, docs/LIVE.md): an MFA code is asked
  /// for on the terminal.
  static func credentials(
    profile: String?, region: String?, environment: [String: String],
    transport: any HTTPTransport, clock: any AWSClock
  ) throws(CredentialError) -> CredentialCache {
    let context = CredentialContext(
      environment: environment, region: region, transport: transport, clock: clock,
      askSecretly: { TerminalPrompt.askSecretly($0) })
    let chain = try DefaultCredentialChain.make(
      profile: ProfileChoice(option: profile, environment: environment), context: context)
    return CredentialCache(chain, clock: clock)
  }

  /// A client for `region`: each operation paced at its share of IVS's quota (lowered by
  /// `--max-rps`), and at most `total` requests a second in all when given (attach's
  /// `--rate`); each request ends after `--request-timeout`, and the command after
  /// `--total-timeout` unless it is `endless` (attach).
  func client(region: String, total: Double? = nil, endless: Bool = false) throws
    -> IVSRealTimeClient
  {
    let environment = ProcessInfo.processInfo.environment
    let endpoint: IVSEndpoint
    do {
      endpoint = try IVSEndpoint(region: region, explicit: endpointURL, environment: environment)
    } catch {
      throw UsageError("\(error)")
    }
    Self.warnIfPlainText(endpoint)
    let clock = SystemClock()
    let transport = try Self.transport(
      caBundle: caBundle, profile: profile, environment: environment)
    return IVSRealTimeClient(
      region: region, endpoint: endpoint,
      credentials: try Self.credentials(
        profile: profile, region: region, environment: environment, transport: transport,
        clock: clock),
      transport: transport,
      pacer: RequestPacer(
        pace: .quota(limit: maxRPS), total: total, clock: clock),
      clock: clock, timeout: requestTimeout, totalTimeout: endless ? nil : totalTimeout)
  }

  /// A client of the SQS queue at `queueURL` (`attach --events-queue`), signing with the
  /// credentials `client` uses and checking certificates against the same CA bundle.
  func queueClient(_ queueURL: String, sharing client: IVSRealTimeClient) throws -> SQSClient {
    let environment = ProcessInfo.processInfo.environment
    return try SQSClient(
      queueURL: queueURL, region: client.region, environment: environment,
      credentials: client.sharedCredentials,
      transport: Self.transport(caBundle: caBundle, profile: profile, environment: environment),
      clock: SystemClock(), timeout: requestTimeout)
  }
}

extension Stagemon {
  /// How a command that talks to the IVS API ends on an error: a usage error with the help,
  /// the API's answer and anything else as one message and exit 1, worded alike everywhere.
  static func failLive(_ error: any Error, help: String) -> ExitStatus {
    switch error {
    case let usage as UsageError: return fail(usage, help: help)
    case let live as LiveError:
      Console.error("stagemon: \(live.message)")
      return .invalid
    default:
      Console.error("stagemon: \(error)")
      return .invalid
    }
  }
}
