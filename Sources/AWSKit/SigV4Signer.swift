import Foundation
import Synchronization

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

  /// The day's signing key, kept: it changes once a day, and deriving it is four of the five
  /// HMACs a signature costs (the AWS SDKs keep it too).
  private let keys = SigningKeyCache()

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
    let headers = canonicalHeaders(request)
    let canonical = canonicalRequest(request, headers: headers)
    let key = keys.key(secret: credentials.secretAccessKey, day: date.day) {
      signingKey(secret: credentials.secretAccessKey, day: date.day)
    }
    let signature = Digest.hex(
      Digest.hmacSHA256(key: key, message: stringToSign(canonical, at: date).utf8))
    return "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(date)), "
      + "SignedHeaders=\(headers.map(\.name).joined(separator: ";")), Signature=\(signature)"
  }

  /// Task 1: method, URI, query, headers, signed header names and the payload's hash.
  public func canonicalRequest(_ request: HTTPRequest) -> String {
    canonicalRequest(request, headers: canonicalHeaders(request))
  }

  private func canonicalRequest(
    _ request: HTTPRequest, headers: [(name: String, value: String)]
  ) -> String {
    let payload =
      request.body.isEmpty ? Self.hashedEmptyBody : Digest.hex(Digest.sha256(request.body))
    var text = request.method
    text.reserveCapacity(256 + request.path.utf8.count)
    text += "\n" + CanonicalURI.path(request.path) + "\n" + CanonicalURI.query(request.query) + "\n"
    for header in headers { text += header.name + ":" + header.value + "\n" }
    text += "\n"
    for (index, header) in headers.enumerated() { text += (index == 0 ? "" : ";") + header.name }
    return text + "\n" + payload
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
    var previousSpace = true
    var clean = true
    for byte in value.utf8 {
      let space = byte == 0x20
      if byte == 0x09 || byte == 0x0A || byte == 0x0D || (space && previousSpace) {
        clean = false
        break
      }
      previousSpace = space
    }
    if clean, !previousSpace { return value }
    return value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      .joined(separator: " ")
  }
}

/// The last signing key derived, with the secret and day it was derived from.
final class SigningKeyCache: Sendable {
  private let last = Mutex((secret: "", day: "", key: [UInt8]()))

  /// The key for `secret` on `day`, derived by `derive` only when either changed.
  func key(secret: String, day: String, derive: () -> [UInt8]) -> [UInt8] {
    last.withLock { last in
      if secret != last.secret || day != last.day || last.key.isEmpty {
        last = (secret, day, derive())
      }
      return last.key
    }
  }
}
