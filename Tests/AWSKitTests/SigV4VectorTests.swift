import Foundation
import Testing

@testable import AWSKit

/// AWS's SigV4 test suite (Tests/Fixtures/sigv4, see its SOURCE.md): every case's canonical
/// request, string to sign and Authorization header.
struct SigV4VectorTests {
  static let vectors: [SigV4Vector] = SigV4Vector.all()

  @Test func theWholeSuiteIsThere() {
    #expect(Self.vectors.count >= 30)
  }

  @Test(arguments: vectors)
  func everyVectorSignsAsAWSSays(_ vector: SigV4Vector) throws {
    let signer = SigV4Signer(service: "service", region: "us-east-1")
    let date = AMZDate(secondsSince1970: 1_440_938_160)
    let signed = signer.sign(vector.request, at: date, with: vector.credentials)
    let canonical = signer.canonicalRequest(signed)
    #expect(canonical == vector.canonicalRequest)
    #expect(signer.stringToSign(canonical, at: date) == vector.stringToSign)
    #expect(signed.header("Authorization") == vector.authorization)
  }

  @Test func theSigningTimeIsWrittenAsSigV4Wants() {
    let date = AMZDate(secondsSince1970: 1_440_938_160)
    #expect(date.stamp == "20150830T123600Z")
    #expect(date.day == "20150830")
  }
}

/// One case of the suite: the request as written in `NAME.req` and the expected results.
struct SigV4Vector: CustomTestStringConvertible, Sendable {
  let name: String
  let request: HTTPRequest
  let credentials: Credentials
  let canonicalRequest: String
  let stringToSign: String
  let authorization: String

  var testDescription: String { name }

  static var directory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/sigv4")
  }

  /// Every folder holding a `.req`, found recursively.
  static func all() -> [SigV4Vector] {
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    var found: [SigV4Vector] = []
    while let path = enumerator?.nextObject() as? String {
      guard path.hasSuffix(".req") else { continue }
      let base = directory.appendingPathComponent(String(path.dropLast(4))).path
      if let vector = load(base) { found.append(vector) }
    }
    return found.sorted { $0.name < $1.name }
  }

  private static func read(_ path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  private static func load(_ base: String) -> SigV4Vector? {
    guard let raw = read(base + ".req"), let creq = read(base + ".creq"),
      let sts = read(base + ".sts"), let authz = read(base + ".authz")
    else { return nil }
    let request = parse(raw)
    let name = URL(fileURLWithPath: base).lastPathComponent
    var token = request.header("X-Amz-Security-Token")
    if name == "get-vanilla-with-session-token" {
      token = "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267"
    }
    let credentials = Credentials(
      accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
      sessionToken: token, source: "test suite")
    return SigV4Vector(
      name: name, request: request, credentials: credentials, canonicalRequest: creq,
      stringToSign: sts, authorization: authz)
  }

  /// `METHOD TARGET HTTP/1.1`, header lines (indented lines continue the last), a blank line,
  /// the body.
  static func parse(_ raw: String) -> HTTPRequest {
    var lines = raw.components(separatedBy: "\n")
    let first = lines.removeFirst()
    let method = String(first.prefix { $0 != " " })
    var target = String(first.dropFirst(method.count + 1))
    if target.hasSuffix(" HTTP/1.1") { target = String(target.dropLast(9)) }
    var headers: [HTTPRequest.Header] = []
    while let line = lines.first, !line.isEmpty {
      lines.removeFirst()
      if line.first == " " || line.first == "\t", !headers.isEmpty {
        headers[headers.count - 1].value += " " + line
        continue
      }
      let name = String(line.prefix { $0 != ":" })
      headers.append(.init(name: name, value: String(line.dropFirst(name.count + 1))))
    }
    let body = lines.dropFirst().joined(separator: "\n")
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let query: [HTTPRequest.QueryItem] =
      parts.count < 2
      ? []
      : parts[1].split(separator: "&").map { pair in
        let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let value = halves.count > 1 ? String(halves[1]) : ""
        return .init(
          name: String(halves[0]).removingPercentEncoding ?? String(halves[0]),
          value: value.removingPercentEncoding ?? value)
      }
    let host = headers.first { $0.name.lowercased() == "host" }?.value ?? ""
    return HTTPRequest(
      method: method, origin: "https://" + host, host: host, path: String(parts[0]), query: query,
      headers: headers, body: Array(body.utf8))
  }
}
