/// Where IVS real-time requests go: `--endpoint-url`, else `AWS_ENDPOINT_URL_IVS_REALTIME`,
/// else `AWS_ENDPOINT_URL`, else `https://ivsrealtime.REGION.amazonaws.com` (the AWS CLI's
/// order).
public struct IVSEndpoint: Sendable, Equatable {
  /// `scheme://host[:port]`.
  public let origin: String
  /// The host as signed: with the port when it is not the scheme's default.
  public let host: String
  /// Whether requests go unencrypted to another machine: `http://` to a host that is not the
  /// loopback (`localhost`, 127.0.0.0/8, `::1`), so the signed headers and the session token
  /// cross a network anyone on it can read (the warning curl and the AWS CLI's
  /// `--no-verify-ssl` give).
  public let isPlainTextOverNetwork: Bool

  /// The endpoint for `region`, from an explicit URL or the environment.
  public init(region: String, explicit: String?, environment: [String: String]) throws(AWSError) {
    let chosen = [
      explicit, environment["AWS_ENDPOINT_URL_IVS_REALTIME"], environment["AWS_ENDPOINT_URL"],
    ]
    .compactMap { $0 }.first { !$0.isEmpty }
    guard let chosen else {
      origin = "https://ivsrealtime.\(region).amazonaws.com"
      host = "ivsrealtime.\(region).amazonaws.com"
      isPlainTextOverNetwork = false
      return
    }
    guard let url = EndpointURL(chosen) else {
      throw .transport("endpoint \(chosen) is not an http:// or https:// URL")
    }
    host = url.host
    origin = url.origin
    isPlainTextOverNetwork = url.scheme == "http" && !Self.isLoopback(url.hostName)
  }

  /// The warning a run shows once when `isPlainTextOverNetwork`.
  public var plainTextWarning: String? {
    guard isPlainTextOverNetwork else { return nil }
    return "warning: \(origin) is plain http:// to another machine: the signed requests and "
      + "your session token cross the network unencrypted (use https://)"
  }

  /// `localhost`, an address in 127.0.0.0/8, or `::1`.
  static func isLoopback(_ name: String) -> Bool {
    let lowered = name.lowercased()
    if lowered == "localhost" || lowered.hasSuffix(".localhost") || lowered == "::1" { return true }
    let octets = lowered.split(separator: ".", omittingEmptySubsequences: false)
    return octets.count == 4 && octets[0] == "127"
      && octets.allSatisfy { $0.count <= 3 && UInt8($0) != nil }
  }
}
