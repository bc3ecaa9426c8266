import Foundation

@testable import AWSKit

/// A clock that only moves when asked to sleep, so pacing and backoff are exact.
final class FakeClock: AWSClock, @unchecked Sendable {
  private let lock = NSLock()
  private var time: Double
  private(set) var sleeps: [Double] = []

  /// Seconds every sleep overshoots by, as a loaded machine wakes late.
  private let lateness: Double

  init(_ start: Double = 1_800_000_000, lateness: Double = 0) {
    time = start
    self.lateness = lateness
  }

  func now() -> Double {
    lock.lock()
    defer { lock.unlock() }
    return time
  }

  func sleep(seconds: Double) {
    lock.lock()
    defer { lock.unlock() }
    guard seconds > 0 else { return }
    sleeps.append(seconds)
    time += seconds + lateness
  }
}

/// A transport that answers from a script and keeps every request it was sent.
final class FakeTransport: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private var answers: [Result<HTTPResponse, AWSError>]
  private(set) var requests: [HTTPRequest] = []

  init(_ answers: [Result<HTTPResponse, AWSError>]) { self.answers = answers }

  func send(_ request: HTTPRequest, timeout: Double) throws(AWSError) -> HTTPResponse {
    lock.lock()
    defer { lock.unlock() }
    requests.append(request)
    guard !answers.isEmpty else { throw .transport("no answer scripted") }
    return try answers.removeFirst().get()
  }

  static func ok(_ body: String) -> Result<HTTPResponse, AWSError> {
    .success(HTTPResponse(status: 200, body: Array(body.utf8)))
  }

  static func error(_ status: Int, _ code: String, headers: [String: String] = [:])
    -> Result<HTTPResponse, AWSError>
  {
    var all = headers
    all["x-amzn-ErrorType"] = code + ":http://internal.amazon.com/coral/com.amazonaws.ivs/"
    return .success(
      HTTPResponse(status: status, headers: all, body: Array(#"{"message":"no"}"#.utf8)))
  }
}

/// Static test credentials.
struct StaticCredentials: CredentialProvider {
  var name: String { "test" }
  var isRenewable: Bool { false }
  func credentials() throws(CredentialError) -> Credentials? {
    Credentials(
      accessKeyID: "AKIDTEST", secretAccessKey: "s3cr3t/secret+KEY", sessionToken: "TOKEN",
      source: "test")
  }
}
