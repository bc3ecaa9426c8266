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
                           else profile default); credential_process is run as the CLI runs it
      --max-rps N          at most N requests a second (default: 80 % of each operation's IVS
                           quota, 4 a second for reads; attach: 1 in all)
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

  /// The credential chain: the environment's keys (unless `--profile` names one, as the AWS
  /// CLI does), the profile's keys, then its `credential_process`.
  func credentials(_ environment: [String: String]) -> CredentialChain {
    let files = ProfileFiles(environment: environment, profile: profile)
    let clock = SystemClock()
    var providers: [any CredentialProvider] = []
    if profile == nil { providers.append(EnvironmentCredentials(environment)) }
    providers.append(ProfileCredentials(files))
    providers.append(ProcessCredentials(files, now: { Int64(clock.now()) }))
    return CredentialChain(providers)
  }

  /// A client for `region`: each operation paced at its share of IVS's quota (lowered by
  /// `--max-rps`), and at most `total` requests a second in all when given (`--max-rps`
  /// replaces it).
  func client(region: String, total: Double? = nil) throws -> IVSRealTimeClient {
    let environment = ProcessInfo.processInfo.environment
    let endpoint: IVSEndpoint
    do {
      endpoint = try IVSEndpoint(region: region, explicit: endpointURL, environment: environment)
    } catch {
      throw UsageError("\(error)")
    }
    let clock = SystemClock()
    return IVSRealTimeClient(
      region: region, endpoint: endpoint, credentials: credentials(environment),
      transport: URLSessionTransport(),
      pacer: RequestPacer(
        pace: .quota(limit: maxRPS), total: total.map { maxRPS ?? $0 }, clock: clock),
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
