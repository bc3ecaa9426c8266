import Foundation

/// Runs the third-party tools the interop tests compare against (python3 with
/// PyJWT, the openssl CLI). When they are missing the tests are skipped with
/// a reason — unless STAGEMON_REQUIRE_INTEROP is set (CI), where that fails.
enum ExternalTools {
  struct Output {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  static func run(_ arguments: [String], input: String = "") throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  static let required = ProcessInfo.processInfo.environment["STAGEMON_REQUIRE_INTEROP"] != nil

  static let hasPyJWT: Bool =
    (try? run(["python3", "-c", "import jwt, cryptography"]))?.status == 0

  static let hasOpenSSL: Bool = (try? run(["openssl", "version"]))?.status == 0

  /// Enabled when the tool is present, or when CI demands the test run (then
  /// a missing tool fails the test instead of skipping it).
  static var pyJWTEnabled: Bool { hasPyJWT || required }
  static var openSSLEnabled: Bool { hasOpenSSL || required }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
