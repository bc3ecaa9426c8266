import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Starts the stand-in IVS real-time server (`Tests/StandIn/ivs_standin.py`) on 127.0.0.1 with
/// a free port and stops it again, so tests and benchmarks talk to a server that checks every
/// signature and body with botocore. CI sets STAGEMON_REQUIRE_STANDIN so a missing python3 or
/// botocore fails rather than skips.
public final class StandInServer: @unchecked Sendable {
  /// Whether CI demands the stand-in tests run.
  public static let required =
    ProcessInfo.processInfo.environment["STAGEMON_REQUIRE_STANDIN"] != nil
  /// Whether python3 with botocore is here.
  public static let isAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import botocore"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()
  /// Run the tests when the stand-in can start or when CI requires it (then a failure to
  /// start fails the test).
  public static var enabled: Bool { isAvailable || required }

  /// The script, found from this file's place in the repository.
  public static var script: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tests/StandIn/ivs_standin.py").path
  }

  /// The port it listens on.
  public let port: Int
  private let process: Process
  private let configPath: String

  /// `http://127.0.0.1:PORT`.
  public var endpoint: String { "http://127.0.0.1:\(port)" }

  /// Starts a server holding `config` (JSON, see the script's docstring and docs/LIVE.md).
  public init(config: String) throws {
    configPath =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("standin-\(UUID().uuidString).json").path
    try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.script, "--config", configPath]
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

  /// A count in `stats()`: `total`, or `requests.GetParticipant` for a nested one.
  public func count(_ path: String) throws -> Int {
    var value: Any? = try stats()
    for key in path.split(separator: ".") { value = (value as? [String: Any])?[String(key)] }
    return value as? Int ?? 0
  }

  private func post(_ path: String, _ json: String) throws {
    _ = try exchange("POST", path, Data(json.utf8))
  }

  private func exchange(_ method: String, _ path: String, _ body: Data?) throws -> Data {
    guard let url = URL(string: endpoint + path) else { throw StandInError(message: "bad URL") }
    var request = URLRequest(url: url, timeoutInterval: 10)
    request.httpMethod = method
    request.httpBody = body
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { data, response, error in
      box.data = data
      box.status = (response as? HTTPURLResponse)?.statusCode ?? 0
      box.error = error
      done.signal()
    }.resume()
    done.wait()
    guard box.status == 200, let data = box.data else {
      throw StandInError(
        message: "\(method) \(path): status \(box.status) \(box.error.map { "\($0)" } ?? "")")
    }
    return data
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

private final class Box: @unchecked Sendable {
  var data: Data?
  var status = 0
  var error: Error?
}

/// The stand-in could not be started or asked.
public struct StandInError: Error, CustomStringConvertible {
  /// What went wrong.
  public let message: String
  /// The same as `message`.
  public var description: String { message }
}
