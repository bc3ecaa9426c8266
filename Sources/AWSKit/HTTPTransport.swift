import Foundation
import FoundationNetworking
import Synchronization

/// Sends one HTTP request and returns the answer, so the client can be tested with a fake and
/// run on Foundation's URLSession (which links the system's libcurl) for real.
public protocol HTTPTransport: Sendable {
  /// The answer to `request`; `.transport` when none came within `timeout` seconds.
  func send(_ request: HTTPRequest, timeout: Double) throws(AWSError) -> HTTPResponse
}

/// The real transport: one URLSession for the whole run, so connections are kept alive and
/// reused between requests.
public final class URLSessionTransport: HTTPTransport, Sendable {
  private let session: URLSession

  /// Creates a transport with its own session (no cookies, no cache).
  public init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
    configuration.httpMaximumConnectionsPerHost = 2
    session = URLSession(configuration: configuration)
  }

  /// The answer to `request`, or `.transport` after `timeout` seconds.
  public func send(_ request: HTTPRequest, timeout: Double) throws(AWSError) -> HTTPResponse {
    let query = request.query.isEmpty ? "" : "?" + CanonicalURI.query(request.query)
    guard let url = URL(string: request.origin + CanonicalURI.path(request.path) + query) else {
      throw .transport("bad endpoint \(request.origin)")
    }
    var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
    urlRequest.httpMethod = request.method
    for header in request.headers where header.name.lowercased() != "host" {
      urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
    }
    urlRequest.httpBody = request.body.isEmpty ? nil : Data(request.body)
    let answer = Mutex<Result<HTTPResponse, AWSError>>(.failure(.transport("no answer")))
    let done = DispatchSemaphore(value: 0)
    let task = session.dataTask(with: urlRequest) { data, response, error in
      let result = Result { () throws(AWSError) in
        try Self.response(data: data, response: response, error: error)
      }
      answer.withLock { $0 = result }
      done.signal()
    }
    task.resume()
    done.wait()
    return try answer.withLock { $0 }.get()
  }

  /// A data task's answer as the client reads it.
  private static func response(data: Data?, response: URLResponse?, error: Error?) throws(AWSError)
    -> HTTPResponse
  {
    if let error { throw .transport(error.localizedDescription) }
    guard let http = response as? HTTPURLResponse else { throw .transport("not an HTTP answer") }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers[String(describing: name).lowercased()] = String(describing: value)
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: Array(data ?? Data()))
  }
}
