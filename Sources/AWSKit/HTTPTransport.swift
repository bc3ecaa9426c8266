import Foundation
import FoundationNetworking
import InputKit
import Synchronization

/// Sends one HTTP request and returns the answer, so the client can be tested with a fake and
/// run on Foundation's URLSession (which links the system's libcurl) for real.
public protocol HTTPTransport: Sendable {
  /// The answer to `request`; `.transport` when none came within `timeout` seconds.
  func send(_ request: HTTPRequest, timeout: Double) throws(AWSError) -> HTTPResponse
}

/// The real transport: one URLSession for the whole run, so connections are kept alive and
/// reused between requests. It holds the limits no server may move (docs/SECURITY.md): a
/// redirect is never followed (AWS SDKs follow none for these protocols, and a followed one
/// would carry the signed headers and the session token to another host) but ends the request
/// with an error naming its target; an answer is read only up to `maximumAnswerBytes` after
/// decompression; and a request ends when its whole exchange — connecting, sending, every byte
/// of the answer — has taken `timeout` seconds, not only after a gap between reads.
public final class URLSessionTransport: HTTPTransport, Sendable {
  /// The most bytes an answer may hold, decompressed. IVS's largest answer is a page of 100
  /// participants or events, tens of kilobytes; STS, SSO and the metadata services answer less.
  public static let maximumAnswerBytes = 16 << 20

  private let session: URLSession
  private let exchanges: Exchanges
  private let answerLimit: Int

  /// Creates a transport with its own session (no cookies, no cache); answers are cut off at
  /// `answerLimit` bytes.
  public init(answerLimit: Int = maximumAnswerBytes) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
    configuration.httpMaximumConnectionsPerHost = 2
    exchanges = Exchanges()
    self.answerLimit = answerLimit
    session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: nil)
  }

  deinit { session.invalidateAndCancel() }

  /// The answer to `request`, or `.transport` once the exchange has taken `timeout` seconds.
  public func send(_ request: HTTPRequest, timeout: Double) throws(AWSError) -> HTTPResponse {
    let query = request.query.isEmpty ? "" : "?" + CanonicalURI.query(request.query)
    let address = request.origin + CanonicalURI.path(request.path) + query
    guard let url = URL(string: address) else {
      throw .transport("bad endpoint \(Excerpt.quoted(request.origin))")
    }
    var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
    urlRequest.httpMethod = request.method
    for header in request.headers where header.name.lowercased() != "host" {
      urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
    }
    urlRequest.httpBody = request.body.isEmpty ? nil : Data(request.body)
    let task = session.dataTask(with: urlRequest)
    let exchange = Exchange(limit: answerLimit)
    exchanges.start(exchange, for: task.taskIdentifier)
    defer { exchanges.end(task.taskIdentifier) }
    task.resume()
    guard exchange.done.wait(timeout: .now() + max(timeout, 0)) == .success else {
      task.cancel()
      throw .transport(
        "\(request.path.dropFirst()) to \(request.origin) got no whole answer in "
          + "\(TimeWords.of(seconds: timeout)) (stagemon gives a request that long in all)")
    }
    return try exchange.result(of: request)
  }
}

/// The exchanges in flight, by task, for the session's one delegate.
private final class Exchanges: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let table = Mutex<[Int: Exchange]>([:])

  func start(_ exchange: Exchange, for task: Int) { table.withLock { $0[task] = exchange } }
  func end(_ task: Int) { _ = table.withLock { $0.removeValue(forKey: task) } }
  private func exchange(_ task: URLSessionTask) -> Exchange? {
    table.withLock { $0[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    exchange(task)?.refuseRedirect(to: request.url?.absoluteString ?? "?")
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    exchange(dataTask)?.set(response: response)
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard let exchange = exchange(dataTask) else { return }
    if !exchange.append(data) { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let exchange = exchange(task) else { return }
    exchange.finish(error, response: task.response)
  }
}

/// One request's answer as it arrives, and why it ended.
private final class Exchange: @unchecked Sendable {
  let done = DispatchSemaphore(value: 0)
  private let limit: Int
  private let state = Mutex(State())

  private struct State {
    var response: HTTPURLResponse?
    var body: [UInt8] = []
    var redirect: String?
    var tooLarge = false
    var error: String?
    var untrusted = false
  }

  /// URLError's codes for a certificate that failed verification or a TLS handshake that
  /// failed (-1200 secureConnectionFailed … -1206 clientCertificateRequired). Foundation on
  /// Linux reports libcurl's TLS failures as -1 with libcurl's words, which begin with "SSL".
  static let certificateCodes = -1206 ... -1200

  /// Where the system's libcurl finds the CA certificates it checks a server against
  /// (Debian's build: CAfile and CApath).
  static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

  init(limit: Int) { self.limit = limit }

  func refuseRedirect(to target: String) { state.withLock { $0.redirect = target } }
  func set(response: URLResponse) {
    state.withLock { $0.response = response as? HTTPURLResponse }
  }

  /// Keeps `data`; false once the answer passes the limit (the caller cancels the task).
  func append(_ data: Data) -> Bool {
    state.withLock { state in
      guard !state.tooLarge else { return false }
      guard data.count <= limit - state.body.count else {
        state.tooLarge = true
        state.body = []
        return false
      }
      state.body += data
      return true
    }
  }

  func finish(_ error: (any Error)?, response: URLResponse?) {
    state.withLock { state in
      state.error = error.map { $0.localizedDescription }
      if let error {
        state.untrusted =
          Self.certificateCodes.contains((error as NSError).code)
          || error.localizedDescription.hasPrefix("SSL")
      }
      if state.response == nil { state.response = response as? HTTPURLResponse }
    }
    done.signal()
  }

  func result(of request: HTTPRequest) throws(AWSError) -> HTTPResponse {
    let state = state.withLock { $0 }
    let operation = request.path.dropFirst()
    if state.tooLarge {
      throw .refused(
        "the answer to \(operation) from \(request.origin) is larger than "
          + "\(ByteCount.text(limit)); stopped reading it")
    }
    let status = state.response?.statusCode
    if state.redirect != nil || status.map({ (300..<400).contains($0) }) == true {
      let target =
        state.redirect ?? state.response?.value(forHTTPHeaderField: "Location") ?? "nowhere"
      let code = status.map { " (HTTP \($0))" } ?? ""
      throw .refused(
        "\(request.origin) redirected \(operation)\(code) to \(Excerpt.quoted(target)); "
          + "stagemon follows no redirect, so nothing was sent there")
    }
    if state.untrusted {
      throw .transport(
        "TLS with \(request.origin) failed (\(state.error ?? "certificate not trusted")): "
          + "its certificate was checked against the system's CA certificates "
          + "(\(Self.systemBundle)); AWS_CA_BUNDLE and a profile's ca_bundle are not read, and "
          + "stagemon never accepts a certificate unchecked")
    }
    guard let http = state.response else {
      throw .transport(state.error ?? "not an HTTP answer")
    }
    if let error = state.error { throw .transport(error) }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers[String(describing: name).lowercased()] = String(describing: value)
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: state.body)
  }
}
