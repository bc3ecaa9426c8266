import CLibcurl
import InputKit
import Synchronization

/// Sends one HTTP request and returns the answer, so the client can be tested with a fake and
/// run on libcurl for real.
public protocol HTTPTransport: Sendable {
  /// The answer to `request`; `.transport` when none came within `timeout` seconds.
  func send(_ request: HTTPRequest, timeout: Double) throws(AWSError) -> HTTPResponse
}

/// The real transport, on libcurl's easy interface: Foundation's URLSession on Linux cannot be
/// given a CA file, and a private CA (`CABundle`) needs one. Easy handles are kept between
/// requests, so connections are reused. It holds the limits no server may move
/// (docs/SECURITY.md): a redirect is never followed (AWS SDKs follow none for these protocols,
/// and a followed one would carry the signed headers and the session token to another host)
/// but ends the request with an error naming its target; an answer is read only up to
/// `maximumAnswerBytes` after decompression; a request ends when its whole exchange —
/// connecting, sending, every byte of the answer — has taken `timeout` seconds; and a server's
/// certificate is always verified, against `bundle`. Proxies come from the environment as
/// libcurl reads it (`HTTPS_PROXY`, `NO_PROXY`), as the AWS CLI reads them.
public final class CurlTransport: HTTPTransport, Sendable {
  /// The most bytes an answer may hold, decompressed. IVS's largest answer is a page of 100
  /// participants or events, tens of kilobytes; STS, SSO and the metadata services answer less.
  public static let maximumAnswerBytes = 16 << 20

  /// The CA certificates every server's certificate is checked against.
  public let bundle: CABundle
  private let answerLimit: Int
  private let idle = Mutex<[EasyHandle]>([])

  /// Creates a transport that checks certificates against `bundle` and cuts answers off at
  /// `answerLimit` bytes.
  public init(bundle: CABundle = .system, answerLimit: Int = maximumAnswerBytes) {
    _ = CurlLibrary.initialized
    self.bundle = bundle
    self.answerLimit = answerLimit
  }

  /// What certificates are checked against, as the messages say it: `the CA bundle
  /// "/etc/corp/ca.pem" (AWS_CA_BUNDLE)`, `the system's CA certificates (/etc/ssl/…)`.
  public var trust: String { bundle.description(systemFile: CurlLibrary.systemFile) }

  deinit {
    for handle in idle.withLock({ $0 }) { curl_easy_cleanup(handle.raw) }
  }

  /// The answer to `request`, or `.transport` once the exchange has taken `timeout` seconds.
  public func send(_ request: HTTPRequest, timeout: Double) throws(AWSError) -> HTTPResponse {
    let query = request.query.isEmpty ? "" : "?" + CanonicalURI.query(request.query)
    let address = request.origin + CanonicalURI.path(request.path) + query
    guard let handle = idle.withLock({ $0.popLast() }) ?? curl_easy_init().map(EasyHandle.init)
    else { throw .transport("libcurl could not start a request") }
    defer {
      curl_easy_reset(handle.raw)
      idle.withLock { $0.append(handle) }
    }
    let exchange = CurlExchange(limit: answerLimit)
    return try exchange.perform(
      request, address: address, on: handle, bundle: bundle, timeout: timeout)
  }
}

/// An easy handle, used by one request at a time: `CurlTransport` takes it out of its pool for
/// the request and puts it back after, so no two threads ever touch it at once.
struct EasyHandle: @unchecked Sendable {
  let raw: UnsafeMutableRawPointer
}

/// libcurl's process-wide set-up, done once before the first handle, and what it was built with.
enum CurlLibrary {
  static let initialized: Bool = stagemon_curl_global_init() == CURLE_OK

  /// The CA file libcurl checks certificates against when given none (Debian's build:
  /// /etc/ssl/certs/ca-certificates.crt); nil when it does not say.
  static let systemFile: String? = {
    _ = initialized
    guard let handle = curl_easy_init() else { return nil }
    defer { curl_easy_cleanup(handle) }
    return CurlExchange.string(handle, CURLINFO_CAINFO)
  }()
}
