import Glibc
import InputKit
import JSONKit

/// The container credentials endpoint of ECS and EKS Pod Identity (botocore's
/// `ContainerProvider`): `http://169.254.170.2` + `AWS_CONTAINER_CREDENTIALS_RELATIVE_URI`,
/// else `AWS_CONTAINER_CREDENTIALS_FULL_URI` — which must be https, a loopback address or one
/// of the hosts botocore allows — with `Authorization` from
/// `AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE` (read at each fetch) or
/// `AWS_CONTAINER_AUTHORIZATION_TOKEN`. Three attempts, 2 s each, a second apart.
public struct ContainerCredentials: CredentialProvider {
  private let context: CredentialContext

  /// The host a relative URI is joined to.
  static let relativeHost = "169.254.170.2"
  /// Hosts a plain-http full URI may name besides loopback addresses (botocore's
  /// `_ALLOWED_HOSTS`).
  static let allowedHosts = ["169.254.170.2", "169.254.170.23", "fd00:ec2::23", "localhost"]
  /// Seconds each attempt may take, attempts, and seconds between them (botocore's).
  static let (timeout, attempts, pause) = (2.0, 3, 1.0)
  /// The largest token file read.
  static let maximumTokenBytes = 64 << 10

  /// Reads the container variables of `context`.
  public init(context: CredentialContext) { self.context = context }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String {
    "container credentials (AWS_CONTAINER_CREDENTIALS_RELATIVE_URI, "
      + "AWS_CONTAINER_CREDENTIALS_FULL_URI)"
  }

  /// The endpoint gives new credentials each time it is asked.
  public var isRenewable: Bool { true }

  /// The container's credentials, nil when neither variable is set.
  public func credentials() throws(CredentialError) -> Credentials? {
    let environment = context.environment
    let url: String
    let variable: String
    if let relative = environment["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"] {
      (url, variable) = ("http://\(Self.relativeHost)\(relative)", "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI")
    } else if let full = environment["AWS_CONTAINER_CREDENTIALS_FULL_URI"] {
      (url, variable) = (full, "AWS_CONTAINER_CREDENTIALS_FULL_URI")
    } else {
      return nil
    }
    guard let endpoint = EndpointURL(url) else {
      throw .unavailable(source: variable, problem: "\(url) is not an http:// or https:// URL")
    }
    guard Self.isAllowed(endpoint) else {
      throw .unavailable(
        source: variable,
        problem: "\(endpoint.hostName) is not allowed: a plain http:// URL must name a loopback "
          + "address or one of \(Self.allowedHosts.joined(separator: ", "))")
    }
    var headers: [HTTPRequest.Header] = [.init(name: "Accept", value: "application/json")]
    if let token = try authorizationToken() { headers.append(.init(name: "Authorization", value: token)) }
    let source = "container credentials at \(url) (\(variable))"
    let answer = try fetch(endpoint.request(method: "GET", headers: headers), source: source)
    guard let key = answer["AccessKeyId"]?.stringValue, !key.isEmpty,
      let secret = answer["SecretAccessKey"]?.stringValue, !secret.isEmpty,
      let token = answer["Token"]?.stringValue, let expiry = answer["Expiration"]?.stringValue
    else {
      throw .unavailable(
        source: source, problem: "its answer lacks AccessKeyId, SecretAccessKey, Token or Expiration")
    }
    guard let expiration = CredentialEndpoint.seconds(expiry) else {
      throw .unavailable(source: source, problem: "its Expiration is not an ISO 8601 time")
    }
    return Credentials(
      accessKeyID: key, secretAccessKey: secret, sessionToken: token, expiration: expiration,
      source: source, method: .container)
  }

  /// The JSON answer, after up to `attempts` tries.
  private func fetch(_ request: HTTPRequest, source: String) throws(CredentialError) -> JSON {
    var attempt = 1
    while true {
      do {
        let response = try CredentialEndpoint.send(
          request, via: context.transport, timeout: Self.timeout, source: source)
        return try CredentialEndpoint.object(response, source: source)
      } catch {
        guard attempt < Self.attempts else { throw error }
        context.clock.sleep(seconds: Self.pause)
        attempt += 1
      }
    }
  }

  /// The `Authorization` value: the token file's whole text, else the variable; a line break
  /// in it is refused (it would end the header), as botocore refuses it.
  private func authorizationToken() throws(CredentialError) -> String? {
    let environment = context.environment
    let token: String
    if let path = environment["AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE"] {
      do {
        token = try BoundedInput.text(atPath: path, limit: Self.maximumTokenBytes)
      } catch {
        throw .unreadableToken(
          path: path, variable: "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE", reason: error.reason)
      }
    } else if let value = environment["AWS_CONTAINER_AUTHORIZATION_TOKEN"] {
      token = value
    } else {
      return nil
    }
    guard !token.contains("\r"), !token.contains("\n") else {
      throw .unavailable(
        source: "AWS_CONTAINER_AUTHORIZATION_TOKEN",
        problem: "the token holds a line break, which no header value may")
    }
    return token
  }

  /// https, a loopback address, or an allowed host.
  static func isAllowed(_ endpoint: EndpointURL) -> Bool {
    endpoint.scheme == "https" || isLoopback(endpoint.hostName)
      || allowedHosts.contains(endpoint.hostName)
  }

  /// `127.0.0.0/8` or `::1` (an address, not a name: `localhost` is in the allowed hosts).
  static func isLoopback(_ host: String) -> Bool {
    var v4 = in_addr()
    if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
    let bytes = withUnsafeBytes(of: v6) { Array($0) }
    return bytes == [UInt8](repeating: 0, count: 15) + [1]
  }
}
