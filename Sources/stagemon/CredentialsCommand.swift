import AWSKit
import Foundation
import InputKit
import TokenCore

/// `stagemon credentials`: what `aws configure list` and `aws sts get-caller-identity` tell a
/// support engineer before a long fetch — where the live commands' credentials come from (the
/// AWS CLI's source name and the place), the access key's last four characters, when they
/// expire, the region and IVS endpoint; with `--check`, who STS says they belong to.
enum CredentialsCommand {
  static let help = """
    USAGE: stagemon credentials [STAGE_ARN] [--profile NAME] [--region REGION]
                                [--endpoint-url URL] [--ca-bundle PATH] [--check]

    Finds AWS credentials as the live commands do — the AWS CLI's sources, in its order
    (docs/LIVE.md) — and says where they came from, without their secret:

      profile     the profile and who chose it (--profile, AWS_PROFILE…)
      source      the AWS CLI's name for the source (as `aws configure list` shows it) and where
      access key  the access key ID's last four characters
      expires     when temporary credentials expire
      region      the stage ARN's; without one, --region, else AWS_REGION, AWS_DEFAULT_REGION or
                  the profile's region
      endpoint    where IVS requests would go
      CA bundle   the CA certificates a server's certificate is checked against, and who chose
                  them (--ca-bundle, AWS_CA_BUNDLE, the profile's ca_bundle, else the system's)

    OPTIONS:
      --check              also ask STS who the credentials belong to (GetCallerIdentity, as
                           `aws sts get-caller-identity`; no IAM permission needed): account,
                           ARN and user ID. STS is AWS_ENDPOINT_URL_STS, else AWS_ENDPOINT_URL,
                           else the region's
      --profile NAME       the AWS CLI profile (else AWS_PROFILE, else the environment's keys,
                           else profile default)
      --region REGION      the region when no STAGE_ARN is given
      --endpoint-url URL   the IVS endpoint (else AWS_ENDPOINT_URL_IVS_REALTIME, AWS_ENDPOINT_URL,
                           https://ivsrealtime.REGION.amazonaws.com)
      --ca-bundle PATH     the CA certificates to check servers against (else AWS_CA_BUNDLE,
                           else the profile's ca_bundle, else the system's)
      -h, --help           show this help

    A role profile with mfa_serial asks for the code on the terminal.

    Exit status: 0 credentials found (and, with --check, accepted), 1 none or refused (the
    message says what to do), 2 usage error.
    """

  static func run(_ words: [String]) -> ExitStatus {
    var arguments = Arguments(words)
    if arguments.answersHelp(help) { return .success }
    do {
      let check = arguments.flag("--check")
      let profileOption = try arguments.option("--profile")
      let regionOption = try arguments.option("--region")
      let endpointURL = try arguments.option("--endpoint-url")
      let caBundle = try arguments.option("--ca-bundle")
      let stageArn = arguments.positional()
      try arguments.finish()
      var explicit = regionOption.map { RegionChoice(name: $0, origin: "--region") }
      if let stageArn {
        guard let region = ARN.region(of: stageArn), ARN.isStage(stageArn) else {
          throw UsageError(
            "\(Excerpt.quoted(stageArn)) is not a stage ARN (arn:aws:ivs:REGION:ACCOUNT:stage/ID)")
        }
        explicit = RegionChoice(name: region, origin: "the stage ARN")
      }
      return try report(
        profile: profileOption, explicitRegion: explicit, endpointURL: endpointURL,
        caBundle: caBundle, check: check ? .callerIdentity : .none)
    } catch let error as UsageError {
      return Stagemon.fail(error, help: help)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
  }

  /// Whether STS is asked who the credentials belong to.
  enum Check {
    case none
    case callerIdentity
  }

  private static func report(
    profile profileOption: String?, explicitRegion: RegionChoice?, endpointURL: String?,
    caBundle: String?, check: Check
  ) throws -> ExitStatus {
    let environment = ProcessInfo.processInfo.environment
    let profile = ProfileChoice(option: profileOption, environment: environment)
    let config = try ProfileFiles(environment: environment).load()
    let region = RegionChoice.resolve(
      explicit: explicitRegion, environment: environment, profile: profile.name, config: config)
    if let region, !region.isWellFormed {
      throw UsageError("region \(Excerpt.quoted(region.name)) (\(region.origin)) is not a region")
    }
    let clock = SystemClock()
    let transport = try LiveOptions.transport(
      caBundle: caBundle, profile: profileOption, environment: environment)
    let cache = try LiveOptions.credentials(
      profile: profileOption, region: region?.name, environment: environment,
      transport: transport, clock: clock)
    let credentials = try cache.current()
    var lines = [
      ("profile", profile.description),
      ("source", "\(credentials.method.rawValue): \(credentials.source)"),
      ("access key", credentials.maskedAccessKeyID),
      ("expires", credentials.expiration.map { WireTime.text(secondsSince1970: $0) } ?? "never"),
      (
        "region",
        region.map { "\($0.name) (\($0.origin))" } ?? "none (give a stage ARN or --region)"
      ),
      ("endpoint", try endpoint(region, endpointURL, environment)),
      ("CA bundle", transport.trust),
    ]
    if check == .callerIdentity {
      let sts = try STSClient(
        region: region?.name, environment: environment, transport: transport, clock: clock)
      let identity: CallerIdentity
      do {
        identity = try sts.callerIdentity(with: credentials)
      } catch {
        throw CredentialError.refused(
          source: "STS GetCallerIdentity at \(sts.endpoint.origin) for access key "
            + "\(credentials.maskedAccessKeyID) from \(credentials.source)", error: error)
      }
      lines += [
        ("identity", identity.arn), ("account", identity.account), ("user ID", identity.userID),
      ]
    }
    for (label, value) in lines {
      Console.out(label.padding(toLength: 12, withPad: " ", startingAt: 0) + value)
    }
    return .success
  }

  /// The IVS endpoint requests for `region` would go to.
  private static func endpoint(
    _ region: RegionChoice?, _ explicit: String?, _ environment: [String: String]
  ) throws -> String {
    guard let region else { return "unknown without a region" }
    do {
      return try IVSEndpoint(region: region.name, explicit: explicit, environment: environment)
        .origin
    } catch {
      throw UsageError("\(error)")
    }
  }
}
