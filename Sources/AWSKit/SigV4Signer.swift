/// Signs requests with AWS Signature Version 4 (AWS4-HMAC-SHA256), as the AWS CLI does. The
/// steps are public and named after the specification's (canonical request, string to sign,
/// signing key, signature) so each is checked against AWS's test suite on its own.
public struct SigV4Signer: Sendable {
  /// The signing name (`ivs` for IVS real-time, whose endpoint prefix is `ivsrealtime`).
  public let service: String
  /// The region, from the resource's ARN.
  public let region: String

  /// Headers left out of the signature because proxies and HTTP stacks may add or change them
  /// (botocore's list, plus the signature's own header).
  static let unsignedHeaders: Set<String> = [
    "authorization", "expect", "transfer-encoding", "user-agent", "x-amzn-trace-id",
  ]

  /// The SHA-256 of no bytes: the payload hash of every GET.
  static let hashedEmptyBody = Digest.hex(Digest.sha256([UInt8]()))

  /// Creates a signer for `service` in `region`.
  public init(service: String, region: String) {
    self.service = service
    self.region = region
  }

  /// `request` with `X-Amz-Date`, `X-Amz-Security-Token` (temporary credentials) and
  /// `Authorization` added; the session token is signed, as IVS requires.
  public func sign(_ request: HTTPRequest, at date: AMZDate, with credentials: Credentials)
    -> HTTPRequest
  {
    var signed = request
    signed.headers.removeAll {
      let name = $0.name.lowercased()
      return name == "x-amz-date" || name == "authorization" || name == "x-amz-security-token"
    }
    signed.headers.append(.init(name: "X-Amz-Date", value: date.stamp))
    if let token = credentials.sessionToken {
      signed.headers.append(.init(name: "X-Amz-Security-Token", value: token))
    }
    signed.headers.append(
      .init(name: "Authorization", value: authorization(signed, at: date, with: credentials)))
    return signed
  }

  /// The `Authorization` header's value for a request that already carries its `X-Amz-Date`.
  public func authorization(_ request: HTTPRequest, at date: AMZDate, with credentials: Credentials)
    -> String
  {
    let canonical = canonicalRequest(request)
    let key = signingKey(secret: credentials.secretAccessKey, day: date.day)
    let signature = Digest.hex(
      Digest.hmacSHA256(key: key, message: stringToSign(canonical, at: date).utf8))
    return "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(date)), "
      + "SignedHeaders=\(signedHeaders(request)), Signature=\(signature)"
  }

  /// Task 1: method, URI, query, headers, signed header names and the payload's hash.
  public func canonicalRequest(_ request: HTTPRequest) -> String {
    let headers = canonicalHeaders(request)
    let payload =
      request.body.isEmpty ? Self.hashedEmptyBody : Digest.hex(Digest.sha256(request.body))
    return [
      request.method, CanonicalURI.path(request.path), CanonicalURI.query(request.query),
      headers.map { "\($0.name):\($0.value)\n" }.joined(),
      headers.map(\.name).joined(separator: ";"),
      payload,
    ].joined(separator: "\n")
  }

  /// Task 2: the algorithm, time, scope and the canonical request's hash.
  public func stringToSign(_ canonicalRequest: String, at date: AMZDate) -> String {
    [
      "AWS4-HMAC-SHA256", date.stamp, scope(date),
      Digest.hex(Digest.sha256(canonicalRequest.utf8)),
    ].joined(separator: "\n")
  }

  /// Task 3: the key derived from the secret for one day, region and service.
  public func signingKey(secret: String, day: String) -> [UInt8] {
    var key = Digest.hmacSHA256(key: Array(("AWS4" + secret).utf8), message: day.utf8)
    key = Digest.hmacSHA256(key: key, message: region.utf8)
    key = Digest.hmacSHA256(key: key, message: service.utf8)
    return Digest.hmacSHA256(key: key, message: "aws4_request".utf8)
  }

  /// `DAY/REGION/SERVICE/aws4_request`.
  func scope(_ date: AMZDate) -> String { "\(date.day)/\(region)/\(service)/aws4_request" }

  /// The signed header names, `;`-separated.
  func signedHeaders(_ request: HTTPRequest) -> String {
    canonicalHeaders(request).map(\.name).joined(separator: ";")
  }

  /// Headers by lower-cased name, sorted; values trimmed with inner runs of white space made one
  /// space; repeated names joined with `,` in the order sent; `host` added when missing.
  func canonicalHeaders(_ request: HTTPRequest) -> [(name: String, value: String)] {
    var values: [String: [String]] = [:]
    for header in request.headers {
      let name = header.name.lowercased()
      guard !Self.unsignedHeaders.contains(name) else { continue }
      values[name, default: []].append(Self.normalizedValue(header.value))
    }
    if values["host"] == nil { values["host"] = [request.host] }
    return values.keys.sorted().map { ($0, values[$0, default: []].joined(separator: ",")) }
  }

  private static func normalizedValue(_ value: String) -> String {
    value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      .joined(separator: " ")
  }
}
