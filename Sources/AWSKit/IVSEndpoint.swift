/// Where IVS real-time requests go: `--endpoint-url`, else `AWS_ENDPOINT_URL_IVS_REALTIME`,
/// else `AWS_ENDPOINT_URL`, else `https://ivsrealtime.REGION.amazonaws.com` (the AWS CLI's
/// order).
public struct IVSEndpoint: Sendable, Equatable {
  /// `scheme://host[:port]`.
  public let origin: String
  /// The host as signed: with the port when it is not the scheme's default.
  public let host: String

  /// The endpoint for `region`, from an explicit URL or the environment.
  public init(region: String, explicit: String?, environment: [String: String]) throws(AWSError) {
    let chosen = [
      explicit, environment["AWS_ENDPOINT_URL_IVS_REALTIME"], environment["AWS_ENDPOINT_URL"],
    ]
    .compactMap { $0 }.first { !$0.isEmpty }
    guard let chosen else {
      origin = "https://ivsrealtime.\(region).amazonaws.com"
      host = "ivsrealtime.\(region).amazonaws.com"
      return
    }
    guard let url = EndpointURL(chosen) else {
      throw .transport("endpoint \(chosen) is not an http:// or https:// URL")
    }
    host = url.host
    origin = url.origin
  }
}
