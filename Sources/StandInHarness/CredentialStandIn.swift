import Foundation

/// Starts the credential stand-ins (`Tests/StandIn/credential_standin.py`: STS from moto with
/// IAM authentication on, IAM Identity Center, the container endpoint, EC2 instance metadata,
/// all on one port of 127.0.0.1) and asks them what they were sent. CI sets
/// STAGEMON_REQUIRE_STANDIN, so a missing moto fails rather than skips.
public final class CredentialStandIn: Sendable {
  /// Whether python3 with moto's server is here.
  public static let isAvailable = Python.canImport("moto.moto_server.werkzeug_app, werkzeug")
  /// Run the tests when the stand-in can start or when CI requires it.
  public static var enabled: Bool { isAvailable || StandInServer.required }

  /// The script, found from this file's place in the repository.
  public static var script: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tests/StandIn/credential_standin.py")
      .path
  }

  private let server: StandInServer

  /// `http://127.0.0.1:PORT`: STS, IAM Identity Center, the container endpoint and IMDS.
  public var endpoint: String { server.endpoint }

  /// Starts the stand-ins holding `config` (JSON, see the script's docstring).
  public init(config: String) throws {
    server = try StandInServer(script: Self.script, config: config)
  }

  /// Stops the stand-ins.
  public func stop() { server.stop() }

  /// An IAM user's access key and secret, made by moto when the stand-in started.
  public struct Key: Sendable, Equatable {
    /// `AKIA…`.
    public let accessKeyID: String
    /// Its secret.
    public let secretAccessKey: String
  }

  /// Every configured user's key, by user name.
  public func keys() throws -> [String: Key] {
    let data = try server.control("GET", "/_standin/keys")
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: [String: String]]
    else { throw StandInError(message: "keys are not an object") }
    return object.compactMapValues { key in
      guard let id = key["accessKeyId"], let secret = key["secretAccessKey"] else { return nil }
      return Key(accessKeyID: id, secretAccessKey: secret)
    }
  }

  /// Every credential request so far, as the stand-in recorded it (no secrets): `service`,
  /// `action` and the request's parameters.
  public func calls() throws -> [[String: Any]] {
    let data = try server.control("GET", "/_standin/calls")
    guard let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
      throw StandInError(message: "calls are not a list")
    }
    return list
  }

  /// The recorded calls of `service` (`sts`, `sso`, `container`, `imds`) and `action`.
  public func calls(_ service: String, _ action: String? = nil) throws -> [[String: Any]] {
    try calls().filter {
      $0["service"] as? String == service && (action == nil || $0["action"] as? String == action)
    }
  }

  /// Forgets the recorded calls.
  public func resetCalls() throws { _ = try server.control("POST", "/_standin/reset-calls") }
}
