import Foundation
import Glibc
import InputKit

/// Starts the stand-in IVS real-time server (`Tests/StandIn/ivs_standin.py`) on 127.0.0.1 with
/// a free port and stops it again, so tests and benchmarks talk to a server that checks every
/// signature and body with botocore. CI sets STAGEMON_REQUIRE_STANDIN so a missing python3 or
/// botocore fails rather than skips.
public final class StandInServer: Sendable {
  /// Whether CI demands the stand-in tests run.
  public static let required =
    ProcessInfo.processInfo.environment["STAGEMON_REQUIRE_STANDIN"] != nil
  /// Whether python3 with botocore is here.
  public static let isAvailable = Python.canImport("botocore")
  /// Run the tests when the stand-in can start or when CI requires it (then a failure to
  /// start fails the test).
  public static var enabled: Bool { isAvailable || required }

  /// The script, found from this file's place in the repository.
  public static var script: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tests/StandIn/ivs_standin.py").path
  }

  /// The stand-in SQS queue beside it (`Tests/StandIn/sqs_standin.py`: moto's SQS, every
  /// signature checked with botocore's), for `attach --events-queue`.
  public static var sqsScript: String {
    URL(fileURLWithPath: script).deletingLastPathComponent()
      .appendingPathComponent("sqs_standin.py").path
  }

  /// The port it listens on.
  public let port: Int
  private let process: Process
  private let configPath: String

  /// `http://127.0.0.1:PORT`.
  public var endpoint: String { "http://127.0.0.1:\(port)" }

  /// Starts a server holding `config` (JSON, see the script's docstring and docs/LIVE.md).
  public convenience init(config: String) throws {
    try self.init(script: Self.script, config: config)
  }

  /// Starts `script` (a stand-in under Tests/StandIn that prints `LISTENING PORT`) holding
  /// `config`.
  public init(script: String, config: String) throws {
    configPath =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("standin-\(UUID().uuidString).json").path
    try SafeFile.write(config, to: configPath, mode: SafeFile.privateMode)
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, "--config", configPath]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let line = Self.firstLine(output.fileHandleForReading)
    guard line.hasPrefix("LISTENING "), let port = Int(line.dropFirst(10)) else {
      process.terminate()
      throw StandInError(message: "the stand-in did not start (\(line))")
    }
    self.port = port
  }

  deinit { stop() }

  /// Stops the server and waits for it to exit.
  public func stop() {
    guard process.isRunning else { return }
    process.terminate()
    for _ in 0..<50 where process.isRunning { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    try? FileManager.default.removeItem(atPath: configPath)
  }

  /// Applies an action now: `{"action":"join","participantId":…}`, `publish`, `exchange`…
  public func act(_ json: String) throws { try post("/_standin/act", json) }

  /// Makes the next `count` requests of `operation` (`*` for any) fail with `error`
  /// (`AccessDenied`, `ResourceNotFound`, `ExpiredToken`, `BadSignature`, `Throttle`, `Internal`).
  public func inject(_ error: String, operation: String = "*", count: Int = 1) throws {
    try post(
      "/_standin/inject", #"{"error":"\#(error)","operation":"\#(operation)","count":\#(count)}"#)
  }

  /// Makes the next `count` signed requests of `operation` (`*` for any) get the hostile answer
  /// `spec` describes (JSON members of `/_standin/respond`: `status`, `headers`, `body`,
  /// `gzipZeros`, `bodyBytes`, `dribble`, `silent`; see the script's docstring).
  public func respond(_ spec: String, operation: String = "*", count: Int = 1) throws {
    let members = spec.trimmingCharacters(in: .whitespaces).dropFirst().dropLast()
    try post(
      "/_standin/respond",
      #"{"operation":"\#(operation)","count":\#(count),\#(members)}"#)
  }

  /// Forgets the request counts.
  public func resetStats() throws { try post("/_standin/reset-stats", "{}") }

  /// The server's counts: `total`, `requests` by operation, `throttled`, `maxPerSecond` by
  /// operation, `maxPerSecondAll`, `rejected` by code, `bodies` validated.
  public func stats() throws -> [String: Any] {
    let data = try exchange("GET", "/_standin/stats", nil)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw StandInError(message: "stats are not an object")
    }
    return object
  }

  /// Each API request's arrival, in seconds since the server started, oldest first: what a
  /// budget is checked against over a window, not by sampling the wall clock.
  public func requestTimes() throws -> [Double] {
    let data = try exchange("GET", "/_standin/log", nil)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let requests = object["requests"] as? [[String: Any]]
    else { throw StandInError(message: "the request log is not an object with requests") }
    return requests.compactMap { $0["at"] as? Double }
  }

  /// The most requests of `times` (seconds, oldest first) inside any `window` seconds.
  public static func busiest(_ times: [Double], window: Double) -> Int {
    var first = 0
    var most = 0
    for (index, time) in times.enumerated() {
      while time - times[first] >= window { first += 1 }
      most = max(most, index - first + 1)
    }
    return most
  }

  /// A count in `stats()`: `total`, or `requests.GetParticipant` for a nested one.
  public func count(_ path: String) throws -> Int {
    var value: Any? = try stats()
    for key in path.split(separator: ".") { value = (value as? [String: Any])?[String(key)] }
    return value as? Int ?? 0
  }

  private func post(_ path: String, _ json: String) throws {
    _ = try exchange("POST", path, Data(json.utf8))
  }

  /// The body of the answer to an unsigned control request (`GET /_standin/…`).
  public func control(_ method: String, _ path: String, _ body: Data? = nil) throws -> Data {
    try exchange(method, path, body)
  }

  /// One HTTP/1.0 exchange over a plain socket (the control calls need no more, and a socket
  /// keeps the harness free of URLSession's threads in the test process).
  private func exchange(_ method: String, _ path: String, _ body: Data?) throws -> Data {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw StandInError(message: "socket: \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw StandInError(message: "connect to \(endpoint): \(errno)") }
    let payload = body ?? Data()
    var request = Data(
      "\(method) \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Length: \(payload.count)\r\n\r\n"
        .utf8)
    request.append(payload)
    do {
      try WriteLoop.write(Array(request), to: fd)
    } catch {
      throw StandInError(message: "send to \(endpoint): \(error)")
    }
    var answer = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 { break }
      answer.append(contentsOf: buffer[0..<count])
    }
    let text = String(decoding: answer, as: UTF8.self)
    guard text.hasPrefix("HTTP/1.0 200") || text.hasPrefix("HTTP/1.1 200"),
      let split = answer.range(of: Data("\r\n\r\n".utf8))
    else {
      throw StandInError(message: "\(method) \(path): \(text.prefix(200))")
    }
    return answer[split.upperBound...]
  }

  private static func firstLine(_ handle: FileHandle) -> String {
    var bytes: [UInt8] = []
    while bytes.count < 200 {
      let chunk = handle.readData(ofLength: 1)
      guard let byte = chunk.first, byte != 0x0A else { break }
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The stand-in could not be started or asked.
public struct StandInError: Error, CustomStringConvertible {
  /// What went wrong.
  public let message: String
  /// The same as `message`.
  public var description: String { message }
}
