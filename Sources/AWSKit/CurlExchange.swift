import CLibcurl
import Foundation
import InputKit

/// One request on an easy handle: its options, the answer as it arrives (headers, and the body
/// up to the limit after decompression), and why it ended, worded for people. It lives on the
/// thread that performs the request; libcurl calls back into it on that thread only.
final class CurlExchange {
  private let limit: Int
  private var body: [UInt8] = []
  private var headers: [String: String] = [:]
  private var tooLarge = false
  private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

  /// libcurl's codes for a TLS handshake or a certificate check that failed.
  private static let tlsFailures: Set<UInt32> = [
    CURLE_PEER_FAILED_VERIFICATION.rawValue, CURLE_SSL_CONNECT_ERROR.rawValue,
    CURLE_SSL_CACERT_BADFILE.rawValue, CURLE_SSL_CERTPROBLEM.rawValue,
    CURLE_SSL_ISSUER_ERROR.rawValue, CURLE_SSL_INVALIDCERTSTATUS.rawValue,
  ]

  init(limit: Int) {
    self.limit = limit
    errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
  }

  deinit { errorText.deallocate() }

  /// Sends `request` to `address` on `handle` and returns the answer, or the error that ends it.
  func perform(
    _ request: HTTPRequest, address: String, on handle: EasyHandle, bundle: CABundle,
    timeout: Double
  ) throws(AWSError) -> HTTPResponse {
    let raw = handle.raw
    var list: UnsafeMutablePointer<curl_slist>?
    // libcurl sets Host from the URL (the signed one), and "Expect:" keeps it from waiting
    // for a 100 Continue before a body.
    let lines =
      request.headers.filter { $0.name.lowercased() != "host" }.map { "\($0.name): \($0.value)" }
      + ["Expect:"]
    for line in lines {
      guard !line.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
        curl_slist_free_all(list)
        throw .transport("a header of the request to \(request.origin) holds a line break")
      }
      guard let next = curl_slist_append(list, line) else {
        curl_slist_free_all(list)
        throw .transport("libcurl could not take the request's headers")
      }
      list = next
    }
    defer {
      _ = stagemon_curl_set_pointer(raw, CURLOPT_ERRORBUFFER, nil)
      curl_slist_free_all(list)
    }
    guard configure(raw, request, address, list, bundle, timeout) else {
      throw .transport("libcurl refused the options of a request to \(request.origin)")
    }
    let code = curl_easy_perform(raw)
    return try answer(code, raw, request, bundle, timeout)
  }

  private func configure(
    _ raw: UnsafeMutableRawPointer, _ request: HTTPRequest, _ address: String,
    _ list: UnsafeMutablePointer<curl_slist>?, _ bundle: CABundle, _ timeout: Double
  ) -> Bool {
    var ok = true
    func set(_ option: CURLoption, _ value: Int) {
      ok = ok && stagemon_curl_set_long(raw, option, value) == CURLE_OK
    }
    func set(_ option: CURLoption, _ value: String) {
      ok = ok && stagemon_curl_set_string(raw, option, value) == CURLE_OK
    }
    func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) {
      ok = ok && stagemon_curl_set_pointer(raw, option, pointer) == CURLE_OK
    }
    func set(_ option: CURLoption, callback: stagemon_curl_data_callback) {
      ok = ok && stagemon_curl_set_callback(raw, option, callback) == CURLE_OK
    }
    set(CURLOPT_URL, address)
    set(CURLOPT_PROTOCOLS_STR, "http,https")
    set(CURLOPT_NOSIGNAL, 1)
    set(CURLOPT_FOLLOWLOCATION, 0)
    set(CURLOPT_SSL_VERIFYPEER, 1)
    set(CURLOPT_SSL_VERIFYHOST, 2)
    if let path = bundle.path { set(CURLOPT_CAINFO, path) }
    set(CURLOPT_ACCEPT_ENCODING, "")
    set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
    // 0 would mean no deadline at all; a whole day stands for one that is not finite.
    let seconds = timeout.isFinite ? min(max(timeout, 0.001), 86_400) : 86_400
    set(CURLOPT_TIMEOUT_MS, Int((seconds * 1000).rounded(.up)))
    set(CURLOPT_HTTPHEADER, pointer: UnsafeMutableRawPointer(list))
    set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorText))
    let context = Unmanaged.passUnretained(self).toOpaque()
    set(CURLOPT_WRITEDATA, pointer: context)
    set(CURLOPT_HEADERDATA, pointer: context)
    set(CURLOPT_WRITEFUNCTION, callback: Self.bodyCallback)
    set(CURLOPT_HEADERFUNCTION, callback: Self.headerCallback)
    if request.method == "GET" && request.body.isEmpty {
      set(CURLOPT_HTTPGET, 1)
    } else {
      set(CURLOPT_POSTFIELDSIZE, request.body.count)
      ok =
        ok
        && request.body.withUnsafeBytes { bytes in
          let start = UnsafeMutableRawPointer(mutating: bytes.baseAddress)
          return start.map { stagemon_curl_set_pointer(raw, CURLOPT_COPYPOSTFIELDS, $0) }
            ?? stagemon_curl_set_string(raw, CURLOPT_COPYPOSTFIELDS, "")
        } == CURLE_OK
      if request.method != "POST" { set(CURLOPT_CUSTOMREQUEST, request.method) }
    }
    return ok
  }

  /// Keeps a piece of the body; false once the answer passes the limit (libcurl then stops).
  private func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count <= limit - body.count else {
      tooLarge = true
      body = []
      return false
    }
    body += bytes
    return true
  }

  /// Keeps one header line; a status line starts a new answer's headers (an interim 100).
  private func receive(headerLine bytes: UnsafeRawBufferPointer) {
    let line = String(decoding: bytes, as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      headers = [:]
      return
    }
    guard let colon = line.firstIndex(of: ":") else { return }
    let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    headers[name] = headers[name].map { "\($0), \(value)" } ?? value
  }

  private static let bodyCallback: stagemon_curl_data_callback = { data, size, count, context in
    let (total, overflow) = size.multipliedReportingOverflow(by: count)
    guard let data, let context, !overflow else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    return exchange.receive(UnsafeRawBufferPointer(start: data, count: total)) ? total : 0
  }

  private static let headerCallback: stagemon_curl_data_callback = {
    data, size, count, context in
    let (total, overflow) = size.multipliedReportingOverflow(by: count)
    guard let data, let context, !overflow else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    exchange.receive(headerLine: UnsafeRawBufferPointer(start: data, count: total))
    return total
  }

  private func answer(
    _ code: CURLcode, _ raw: UnsafeMutableRawPointer, _ request: HTTPRequest, _ bundle: CABundle,
    _ timeout: Double
  ) throws(AWSError) -> HTTPResponse {
    let operation = request.path.dropFirst()
    if tooLarge {
      throw .refused(
        "the answer to \(operation) from \(request.origin) is larger than "
          + "\(ByteCount.text(limit)); stopped reading it")
    }
    let reason =
      errorText.pointee == 0
      ? String(cString: curl_easy_strerror(code)) : String(cString: errorText)
    if code == CURLE_OPERATION_TIMEDOUT {
      throw .transport(
        "\(operation) to \(request.origin) got no whole answer in "
          + "\(TimeWords.of(seconds: timeout)) (stagemon gives a request that long in all)")
    }
    if Self.tlsFailures.contains(code.rawValue) {
      throw .transport(
        "TLS with \(request.origin) failed (\(reason)): its certificate was checked against "
          + "\(bundle.description(systemFile: CurlLibrary.systemFile)); for a private "
          + "CA give --ca-bundle, AWS_CA_BUNDLE or a profile's ca_bundle (stagemon never accepts "
          + "a certificate unchecked)")
    }
    guard code == CURLE_OK else { throw .transport(reason) }
    var status = 0
    _ = stagemon_curl_get_long(raw, CURLINFO_RESPONSE_CODE, &status)
    if (300..<400).contains(status) {
      let target = headers["location"] ?? Self.string(raw, CURLINFO_REDIRECT_URL) ?? "nowhere"
      throw .refused(
        "\(request.origin) redirected \(operation) (HTTP \(status)) to \(Excerpt.quoted(target)); "
          + "stagemon follows no redirect, so nothing was sent there")
    }
    return HTTPResponse(status: status, headers: headers, body: body)
  }

  /// A string libcurl reports about `raw` (`info`), nil when it has none.
  static func string(_ raw: UnsafeMutableRawPointer, _ info: CURLINFO) -> String? {
    var value: UnsafeMutablePointer<CChar>?
    guard stagemon_curl_get_string(raw, info, &value) == CURLE_OK, let value
    else { return nil }
    return String(cString: value)
  }
}
