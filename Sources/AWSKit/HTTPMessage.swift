/// An HTTP request as the signer and the transport see it: the path unencoded, the query as
/// decoded name/value pairs, and headers in the order they were added (duplicates kept), so
/// the signer decides every encoding and nothing is encoded twice.
public struct HTTPRequest: Sendable, Equatable {
  /// `GET`, `POST`…
  public var method: String
  /// `https://host[:port]` with no path.
  public var origin: String
  /// The host as signed: `host` or `host:port` for a port that is not the scheme's default.
  public var host: String
  /// The path, not percent-encoded (`/GetStage`).
  public var path: String
  /// Query parameters, decoded.
  public var query: [QueryItem]
  /// Headers, in order; names as written.
  public var headers: [Header]
  /// The body's bytes.
  public var body: [UInt8]

  /// One `name=value` of a query string.
  public struct QueryItem: Sendable, Equatable {
    /// The header or parameter name.
    public var name: String
    /// The value.
    public var value: String
    /// Creates a query item.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// One header line.
  public struct Header: Sendable, Equatable {
    /// The header or parameter name.
    public var name: String
    /// The value.
    public var value: String
    /// Creates a header.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Creates a request.
  public init(
    method: String, origin: String, host: String, path: String, query: [QueryItem] = [],
    headers: [Header] = [], body: [UInt8] = []
  ) {
    self.method = method
    self.origin = origin
    self.host = host
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
  }

  /// The first value of header `name` (compared without case).
  public func header(_ name: String) -> String? {
    let lowered = name.lowercased()
    return headers.first { $0.name.lowercased() == lowered }?.value
  }
}

/// An HTTP response: status, headers with lower-cased names, body.
public struct HTTPResponse: Sendable, Equatable {
  /// The HTTP status code.
  public var status: Int
  /// Header names lower-cased.
  public var headers: [String: String]
  /// The bytes of the body.
  public var body: [UInt8]

  /// Creates a response.
  public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
    self.status = status
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.body = body
  }
}
