import Foundation
import InputKit

/// AWS Security Token Service through its query protocol, as botocore's `sts` client calls it:
/// a form-encoded `POST /` (`Action=…&Version=2011-06-15`), SigV4-signed under `sts` (not
/// AssumeRoleWithWebIdentity, which the token authenticates), answered in XML. The endpoint is
/// `AWS_ENDPOINT_URL_STS`, else `AWS_ENDPOINT_URL`, else the region's
/// (`https://sts.REGION.amazonaws.com`, or the global `https://sts.amazonaws.com` without a
/// region). Requests go through the one `RetryingCaller`; this client keeps the protocol's
/// own parts: the form, the XML answer and the XML error.
public struct STSClient: Sendable {
  /// Where requests go.
  public let endpoint: EndpointURL
  /// The region requests are signed for.
  public let signingRegion: String
  private let caller: RetryingCaller

  /// The API version every request names.
  static let version = "2011-06-15"
  /// The largest answer read (STS answers are a few kilobytes).
  static let maximumAnswer = 256 << 10

  /// A client for `region` (nil: the global endpoint) in `environment`.
  public init(
    region: String?, environment: [String: String], transport: any HTTPTransport,
    clock: any AWSClock, retry: RetryPolicy = RetryPolicy(), timeout: Double = 30
  ) throws(CredentialError) {
    let fallback = region.map { "https://sts.\($0).amazonaws.com" } ?? "https://sts.amazonaws.com"
    endpoint = try ConfiguredEndpoint.url(
      serviceID: "STS", environment: environment, fallback: fallback)
    signingRegion = region ?? "us-east-1"
    caller = RetryingCaller(
      signer: SigV4Signer(service: "sts", region: signingRegion), readError: Self.error,
      transport: transport, clock: clock, policy: retry, timeout: timeout,
      answerLimit: Self.maximumAnswer)
  }

  /// Who `credentials` belong to (GetCallerIdentity: no IAM permission needed).
  public func callerIdentity(with credentials: Credentials) throws(AWSError) -> CallerIdentity {
    let result = try call("GetCallerIdentity", [], signedWith: credentials)
    guard let arn = result.text(at: "Arn"), let account = result.text(at: "Account") else {
      throw Self.malformed("GetCallerIdentity", "no Arn or Account")
    }
    return CallerIdentity(arn: arn, account: account, userID: result.text(at: "UserId") ?? "")
  }

  /// AssumeRole with `parameters` (RoleArn, RoleSessionName, ExternalId…), signed with
  /// `credentials`; the role's credentials, labelled `source`.
  public func assumeRole(
    _ parameters: [(String, String)], signedWith credentials: Credentials, source: String
  ) throws(AWSError) -> Credentials {
    let result = try call("AssumeRole", parameters, signedWith: credentials)
    return try Self.credentials(in: result, operation: "AssumeRole", source: source, .assumeRole)
  }

  /// AssumeRoleWithWebIdentity with `parameters` (RoleArn, RoleSessionName,
  /// WebIdentityToken), unsigned; the role's credentials, labelled `source`.
  public func assumeRoleWithWebIdentity(_ parameters: [(String, String)], source: String)
    throws(AWSError) -> Credentials
  {
    let result = try call("AssumeRoleWithWebIdentity", parameters, signedWith: nil)
    return try Self.credentials(
      in: result, operation: "AssumeRoleWithWebIdentity", source: source, .webIdentity)
  }

  private static func credentials(
    in result: XMLElement, operation: String, source: String, _ method: CredentialMethod
  ) throws(AWSError) -> Credentials {
    guard let key = result.text(at: "Credentials", "AccessKeyId"), !key.isEmpty,
      let secret = result.text(at: "Credentials", "SecretAccessKey"), !secret.isEmpty,
      let token = result.text(at: "Credentials", "SessionToken"),
      let expiry = result.text(at: "Credentials", "Expiration")
    else { throw malformed(operation, "no Credentials with a key, secret, token and expiry") }
    guard let seconds = WireTime.seconds(expiry) else {
      throw malformed(operation, "Expiration is not an ISO 8601 time")
    }
    return Credentials(
      accessKeyID: key, secretAccessKey: secret, sessionToken: token,
      expiration: Int64(seconds.rounded(.down)), source: source, method: method)
  }

  /// `<Action>Result` of the answer to `action`, after the retries `RetryingCaller` makes.
  private func call(
    _ action: String, _ parameters: [(String, String)], signedWith credentials: Credentials?
  ) throws(AWSError) -> XMLElement {
    let form = ([("Action", action), ("Version", Self.version)] + parameters)
      .map { CanonicalURI.encode($0.0) + "=" + CanonicalURI.encode($0.1) }
      .joined(separator: "&")
    var request = endpoint.request(
      method: "POST",
      headers: [
        .init(name: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8")
      ])
    request.body = Array(form.utf8)
    let response = try caller.send(
      action, request, signing: credentials.map { .keys($0) } ?? .unsigned)
    let root = try Self.xml(response.body, action)
    guard let result = root.child(action + "Result") else {
      throw Self.malformed(action, "no \(action)Result")
    }
    return result
  }

  private static func xml(_ body: [UInt8], _ action: String) throws(AWSError) -> XMLElement {
    do {
      return try QueryXML.parse(body)
    } catch {
      throw malformed(action, error.description)
    }
  }

  private static func malformed(_ action: String, _ reason: String) -> AWSError {
    .decoding(LocatedError(file: "the STS \(action) answer", location: "", message: reason))
  }

  /// The query protocol's `<ErrorResponse><Error><Code>…</Code><Message>…</Message></Error>`
  /// (or `<Errors><Error>…`, which botocore's parser reads too).
  static func error(from response: HTTPResponse) -> AWSError {
    let root = try? QueryXML.parse(response.body)
    let error = root?.child("Error") ?? root?.child("Errors")?.child("Error")
    let code = error?.text(at: "Code").flatMap { $0.isEmpty ? nil : $0 } ?? "HTTP\(response.status)"
    return .service(
      code: AWSErrorCode(rawValue: code), message: error?.text(at: "Message") ?? "",
      status: response.status,
      requestID: root?.text(at: "RequestId") ?? response.headers["x-amzn-requestid"])
  }
}

/// Who a set of credentials belongs to, as STS GetCallerIdentity says.
public struct CallerIdentity: Sendable, Equatable {
  /// `arn:aws:sts::123456789012:assumed-role/qa/session` or an IAM user's ARN.
  public let arn: String
  /// The account's 12 digits.
  public let account: String
  /// The unique ID of the user or role session.
  public let userID: String
}

/// The endpoint the AWS CLI configures for a service from the environment: the
/// service-specific `AWS_ENDPOINT_URL_<SERVICE_ID>`, else `AWS_ENDPOINT_URL`, unless
/// `AWS_IGNORE_CONFIGURED_ENDPOINT_URLS` is true; else the service's own.
enum ConfiguredEndpoint {
  static func url(serviceID: String, environment: [String: String], fallback: String)
    throws(CredentialError) -> EndpointURL
  {
    let ignored = environment["AWS_IGNORE_CONFIGURED_ENDPOINT_URLS"]?.lowercased() == "true"
    let variable =
      "AWS_ENDPOINT_URL_" + serviceID.uppercased().replacingOccurrences(of: " ", with: "_")
    let configured =
      ignored
      ? nil
      : [variable, "AWS_ENDPOINT_URL"]
        .lazy.compactMap { name in environment[name].flatMap { $0.isEmpty ? nil : (name, $0) } }
        .first
    guard let configured else {
      guard let url = EndpointURL(fallback) else {
        throw .unavailable(source: serviceID, problem: "no endpoint for \(fallback)")
      }
      return url
    }
    guard let url = EndpointURL(configured.1) else {
      throw .unavailable(
        source: configured.0, problem: "\(configured.1) is not an http:// or https:// URL")
    }
    return url
  }
}
