import Foundation

/// An `http://` or `https://` URL an endpoint is given as (`--endpoint-url`,
/// `AWS_ENDPOINT_URL_STS`, `AWS_CONTAINER_CREDENTIALS_FULL_URI`, the metadata service's
/// endpoint), split the way requests need it: the origin to send to, the host as signed, and
/// the path and query to send.
public struct EndpointURL: Sendable, Equatable {
  /// `http` or `https`.
  public let scheme: String
  /// The host name or address, IPv6 without brackets.
  public let hostName: String
  /// `scheme://host[:port]`.
  public let origin: String
  /// The host as signed: with the port when it is not the scheme's default.
  public let host: String
  /// The path, decoded; empty when the URL has none.
  public let path: String
  /// The query's parameters, decoded.
  public let query: [HTTPRequest.QueryItem]

  /// The parts of `text`; nil when it is not an http:// or https:// URL with a host.
  public init?(_ text: String) {
    guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
      scheme == "https" || scheme == "http", var name = parts.host, !name.isEmpty
    else { return nil }
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    let literal = name.contains(":") ? "[\(name)]" : name
    let defaultPort = scheme == "https" ? 443 : 80
    let port = parts.port.flatMap { $0 == defaultPort ? nil : $0 }
    self.scheme = scheme
    hostName = name
    host = port.map { "\(literal):\($0)" } ?? literal
    origin = "\(scheme)://\(host)"
    path = parts.path
    query = (parts.queryItems ?? []).map { .init(name: $0.name, value: $0.value ?? "") }
  }

  /// A request to this URL, its path joined with `path` (one `/` between them).
  func request(method: String, appending path: String = "", headers: [HTTPRequest.Header] = [])
    -> HTTPRequest
  {
    var joined = self.path
    if !path.isEmpty {
      if joined.hasSuffix("/") { joined.removeLast() }
      joined += path.hasPrefix("/") ? path : "/" + path
    }
    return HTTPRequest(
      method: method, origin: origin, host: host, path: joined.isEmpty ? "/" : joined,
      query: query, headers: headers)
  }
}
