import AWSKit
import Foundation
import IVSLive
import InputKit

/// The options every live command shares — `--endpoint-url`, `--profile`, `--max-rps` — and
/// the client built from them with the credentials the AWS CLI would find.
struct LiveOptions {
  let endpointURL: String?
  let profile: String?
  let maxRPS: Double?

  /// The lines the commands' help shows for these options.
  static let helpLines = """
      --endpoint-url URL   send requests here (else AWS_ENDPOINT_URL_IVS_REALTIME, AWS_ENDPOINT_URL,
                           https://ivsrealtime.REGION.amazonaws.com)
      --profile NAME       the AWS CLI profile (else AWS_PROFILE, else the environment's keys,
                           else profile default), followed as the AWS CLI follows it: roles,
                           IAM Identity Center, credential_process… (`stagemon credentials`)
      --max-rps N          at most N requests a second of each operation (default: 80 % of its
                           IVS quota, 4 a second for reads)
    """

  /// Parses the shared options.
  init(_ arguments: inout Arguments) throws(UsageError) {
    endpointURL = try arguments.option("--endpoint-url")
    profile = try arguments.option("--profile")
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

  /// The credentials the AWS CLI would use for `profile` (`--profile`) and requests to
  /// `region`, kept for the run (`DefaultCredentialChain`, docs/LIVE.md): an MFA code is asked
  /// for on the terminal.
  static func credentials(
    profile: String?, region: String?, environment: [String: String],
    transport: any HTTPTransport, clock: any AWSClock
  ) throws(CredentialError) -> CredentialCache {
    let context = CredentialContext(
      environment: environment, region: region, transport: transport, clock: clock,
      askSecretly: TerminalPrompt.askSecretly)
    let chain = try DefaultCredentialChain.make(
      profile: ProfileChoice(option: profile, environment: environment), context: context)
    return CredentialCache(chain, clock: clock)
  }

  /// A client for `region`: each operation paced at its share of IVS's quota (lowered by
  /// `--max-rps`), and at most `total` requests a second in all when given (attach's
  /// `--rate`).
  func client(region: String, total: Double? = nil) throws -> IVSRealTimeClient {
    let environment = ProcessInfo.processInfo.environment
    let endpoint: IVSEndpoint
    do {
      endpoint = try IVSEndpoint(region: region, explicit: endpointURL, environment: environment)
    } catch {
      throw UsageError("\(error)")
    }
    let clock = SystemClock()
    let transport = URLSessionTransport()
    return IVSRealTimeClient(
      region: region, endpoint: endpoint,
      credentials: try Self.credentials(
        profile: profile, region: region, environment: environment, transport: transport,
        clock: clock),
      transport: transport,
      pacer: RequestPacer(
        pace: .quota(limit: maxRPS), total: total, clock: clock),
      clock: clock)
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
