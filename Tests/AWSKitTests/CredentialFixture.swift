import Foundation
import Synchronization

@testable import AWSKit

/// A fresh HOME with a config and a credentials file, and the environment pointing at them,
/// for one credential test.
struct CredentialFixture {
  let folder: String
  var environment: [String: String]

  init(config: String = "", credentials: String = "", environment extra: [String: String] = [:])
    throws
  {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-aws-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    environment = [
      "AWS_SHARED_CREDENTIALS_FILE": folder + "/credentials",
      "AWS_CONFIG_FILE": folder + "/config", "HOME": folder,
    ].merging(extra) { _, new in new }
    try write(config, to: "config")
    try write(credentials, to: "credentials")
  }

  /// Writes `text` to `name` under the folder; returns its path.
  @discardableResult
  func write(_ text: String, to name: String, mode: Int16 = 0o644) throws -> String {
    let path = folder + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, mode_t(mode))
    return path
  }

  /// A context over `transport` (and `clock`), asking for codes with `ask`.
  func context(
    _ transport: any HTTPTransport = RoutedTransport(), clock: any AWSClock = FakeClock(),
    region: String? = "us-west-2", ask: @escaping @Sendable (String) -> String? = { _ in nil }
  ) -> CredentialContext {
    CredentialContext(
      environment: environment, region: region, transport: transport, clock: clock,
      askSecretly: ask)
  }

  /// The default chain for `option` (`--profile`).
  func chain(
    _ transport: any HTTPTransport = RoutedTransport(), profile option: String? = nil,
    clock: any AWSClock = FakeClock(), ask: @escaping @Sendable (String) -> String? = { _ in nil }
  ) throws -> CredentialChain {
    try DefaultCredentialChain.make(
      profile: ProfileChoice(option: option, environment: environment),
      context: context(transport, clock: clock, ask: ask))
  }
}

/// A transport that answers each request by a handler chosen by path, keeps every request, and
/// refuses paths it was not told about (as a connection refused).
final class RoutedTransport: HTTPTransport, Sendable {
  typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse?
  private let state: Mutex<(routes: [(String, Handler)], requests: [HTTPRequest])>

  init(_ routes: [(String, Handler)] = []) { state = Mutex((routes, [])) }

  /// The requests sent so far.
  var requests: [HTTPRequest] { state.withLock { $0.requests } }

  /// Adds a handler for requests whose path starts with `prefix`.
  func route(_ prefix: String, _ handler: @escaping Handler) {
    state.withLock { $0.routes.append((prefix, handler)) }
  }

  func send(_ request: HTTPRequest, timeout: Double) throws(AWSError) -> HTTPResponse {
    let handler = state.withLock { state -> Handler? in
      state.requests.append(request)
      return state.routes.first { request.path.hasPrefix($0.0) }?.1
    }
    guard let answer = handler?(request) else { throw .transport("connection refused") }
    return answer
  }

  /// The form parameters of an STS request.
  static func form(_ request: HTTPRequest) -> [String: String] {
    var values: [String: String] = [:]
    for pair in String(decoding: request.body, as: UTF8.self).split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map {
        String($0).removingPercentEncoding ?? String($0)
      }
      if parts.count == 2 { values[parts[0]] = parts[1] }
    }
    return values
  }

  /// An STS answer to `action` giving credentials with key `key`, expiring at `expiration`.
  static func stsCredentials(
    _ action: String, key: String, expiration: String = "2099-01-01T00:00:00Z"
  ) -> HTTPResponse {
    HTTPResponse(
      status: 200,
      body: Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <\(action)Response xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
          <\(action)Result>
            <Credentials>
              <AccessKeyId>\(key)</AccessKeyId>
              <SecretAccessKey>secret-of-\(key)</SecretAccessKey>
              <SessionToken>token-of-\(key)</SessionToken>
              <Expiration>\(expiration)</Expiration>
            </Credentials>
            <AssumedRoleUser><Arn>arn:aws:sts::123456789012:assumed-role/r/s</Arn></AssumedRoleUser>
          </\(action)Result>
          <ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata>
        </\(action)Response>
        """.utf8))
  }

  /// A JSON answer.
  static func json(_ text: String, status: Int = 200, headers: [String: String] = [:])
    -> HTTPResponse
  {
    HTTPResponse(status: status, headers: headers, body: Array(text.utf8))
  }
}

/// The `CredentialError` that `body` throws; nil when it throws none or another error.
func credentialError(_ body: () throws -> Void) -> CredentialError? {
  do {
    try body()
    return nil
  } catch {
    return error as? CredentialError
  }
}
