import JSONKit

/// The EC2 instance metadata service (botocore's `InstanceMetadataProvider`): an IMDSv2 token
/// first (`PUT /latest/api/token`), then the instance role's name and its credentials under
/// `/latest/meta-data/iam/security-credentials/`, sent with the token — or without one (IMDSv1)
/// when the service answers the token request 403, 404 or 405 or does not answer in time,
/// unless `AWS_EC2_METADATA_V1_DISABLED` / `ec2_metadata_v1_disabled` forbids it.
/// `AWS_EC2_METADATA_DISABLED=true` turns it off; the endpoint is
/// `AWS_EC2_METADATA_SERVICE_ENDPOINT` / `ec2_metadata_service_endpoint`, else
/// `http://169.254.169.254/` (`http://[fd00:ec2::254]/` in IPv6 mode); each request may take
/// `AWS_METADATA_SERVICE_TIMEOUT` seconds (1), `AWS_METADATA_SERVICE_NUM_ATTEMPTS` times (1).
/// As in botocore, a service that is not there or answers nothing usable means "not
/// configured here".
public struct InstanceMetadataCredentials: CredentialProvider {
  private let context: CredentialContext
  /// The profile whose `ec2_metadata_*` keys are read.
  private let profile: String

  /// The path of the role's name and, under it, its credentials.
  static let credentialsPath = "/latest/meta-data/iam/security-credentials/"
  /// The token's lifetime asked for, in seconds (botocore's).
  static let tokenLifetime = "21600"

  /// Reads the metadata settings of `context` and `profile`.
  public init(context: CredentialContext, profile: String) {
    self.context = context
    self.profile = profile
  }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String {
    "EC2 instance metadata (AWS_EC2_METADATA_SERVICE_ENDPOINT, else 169.254.169.254)"
  }

  /// The instance's role gets new credentials as they expire.
  public var isRenewable: Bool { true }

  /// The instance role's credentials; nil when the service is off, absent or has no role.
  public func credentials() throws(CredentialError) -> Credentials? {
    let settings = try Settings(context: context, profile: profile)
    guard !settings.disabled else { return nil }
    let source = "EC2 instance metadata at \(settings.endpoint.origin)"
    let token: String?
    switch try fetchToken(settings, source: source) {
    case .token(let value): token = value
    case .useVersion1:
      guard !settings.version1Disabled else {
        throw .unavailable(
          source: source,
          problem: "no IMDSv2 token, and IMDSv1 is disabled (AWS_EC2_METADATA_V1_DISABLED, "
            + "ec2_metadata_v1_disabled)")
      }
      token = nil
    case .unusable: return nil
    }
    guard let role = get(Self.credentialsPath, settings, token: token, source: source)
      .flatMap({ String(decoding: $0, as: UTF8.self).split(separator: "\n").first.map(String.init) }),
      !role.isEmpty,
      let body = get(Self.credentialsPath + role, settings, token: token, source: source),
      let answer = try? JSONParser.parse(bytes: body),
      let key = answer["AccessKeyId"]?.stringValue, !key.isEmpty,
      let secret = answer["SecretAccessKey"]?.stringValue, !secret.isEmpty,
      let sessionToken = answer["Token"]?.stringValue,
      let expiry = answer["Expiration"]?.stringValue,
      let expiration = CredentialEndpoint.seconds(expiry)
    else { return nil }
    return Credentials(
      accessKeyID: key, secretAccessKey: secret, sessionToken: sessionToken,
      expiration: expiration, source: "\(source) (role \(role))", method: .instanceMetadata)
  }

  private enum TokenOutcome {
    case token(String)
    case useVersion1
    case unusable
  }

  /// The IMDSv2 token, as botocore's `_fetch_metadata_token` decides: 200 gives it; 403, 404,
  /// 405, no answer in time or only failures mean "go on without"; 400 means the service is
  /// unusable.
  private func fetchToken(_ settings: Settings, source: String) throws(CredentialError)
    -> TokenOutcome
  {
    let request = settings.endpoint.request(
      method: "PUT", appending: "/latest/api/token",
      headers: [.init(name: "x-aws-ec2-metadata-token-ttl-seconds", value: Self.tokenLifetime)])
    for _ in 0..<settings.attempts {
      guard
        let response = try? CredentialEndpoint.send(
          request, via: context.transport, timeout: settings.timeout, source: source)
      else { continue }
      switch response.status {
      case 200: return .token(String(decoding: response.body, as: UTF8.self))
      case 403, 404, 405: return .useVersion1
      case 400: return .unusable
      default: continue
      }
    }
    return .useVersion1
  }

  /// The body of a 200, non-empty answer to `GET path`, after up to `attempts` tries.
  private func get(_ path: String, _ settings: Settings, token: String?, source: String)
    -> [UInt8]?
  {
    let headers: [HTTPRequest.Header] = token.map {
      [.init(name: "x-aws-ec2-metadata-token", value: $0)]
    } ?? []
    let request = settings.endpoint.request(method: "GET", appending: path, headers: headers)
    for _ in 0..<settings.attempts {
      if let response = try? CredentialEndpoint.send(
        request, via: context.transport, timeout: settings.timeout, source: source),
        response.status == 200, !response.body.isEmpty
      {
        return response.body
      }
    }
    return nil
  }

  /// The metadata settings, each from its variable, else the profile's key.
  private struct Settings {
    let disabled: Bool
    let version1Disabled: Bool
    let endpoint: EndpointURL
    let timeout: Double
    let attempts: Int

    init(context: CredentialContext, profile: String) throws(CredentialError) {
      let section = try context.files.load().profile(profile) ?? [:]
      func setting(_ variable: String, _ key: String?) -> String? {
        if let value = context.environment[variable] { return value }
        return key.flatMap { section[$0] }
      }
      disabled = context.environment["AWS_EC2_METADATA_DISABLED"]?.lowercased() == "true"
      version1Disabled =
        setting("AWS_EC2_METADATA_V1_DISABLED", "ec2_metadata_v1_disabled")?.lowercased() == "true"
      timeout = setting("AWS_METADATA_SERVICE_TIMEOUT", "metadata_service_timeout")
        .flatMap { Double($0) }.map { min(max($0, 0.1), 60) } ?? 1
      attempts = setting("AWS_METADATA_SERVICE_NUM_ATTEMPTS", "metadata_service_num_attempts")
        .flatMap { Int($0) }.map { min(max($0, 1), 10) } ?? 1
      let mode = setting("AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE", "ec2_metadata_service_endpoint_mode")
      if let mode, !["ipv4", "ipv6"].contains(mode.lowercased()) {
        throw .invalidProfile(
          profile: profile, key: "ec2_metadata_service_endpoint_mode",
          problem: "\(mode) is neither ipv4 nor ipv6")
      }
      let ipv6 =
        mode?.lowercased() == "ipv6"
        || (mode == nil && setting("AWS_IMDS_USE_IPV6", "imds_use_ipv6")?.lowercased() == "true")
      let url =
        setting("AWS_EC2_METADATA_SERVICE_ENDPOINT", "ec2_metadata_service_endpoint")
        ?? (ipv6 ? "http://[fd00:ec2::254]/" : "http://169.254.169.254/")
      guard let endpoint = EndpointURL(url) else {
        throw .invalidProfile(
          profile: profile, key: "ec2_metadata_service_endpoint",
          problem: "\(url) is not an http:// or https:// URL")
      }
      self.endpoint = endpoint
    }
  }
}
