import Foundation
import TmuxHarness

/// Runs the real `stagemon` executable that SwiftPM built next to this test
/// bundle, so command-line behaviour is tested as users meet it.
enum StagemonBinary {
  struct Output {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// The built binary: beside the test runner executable.
  static var url: URL { URL(fileURLWithPath: SiblingExecutable.path("stagemon")) }

  /// Runs `stagemon` (or `executable`, such as a shell that runs it) with `arguments`, feeding
  /// `input` on stdin.
  static func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:],
    directory: URL? = nil, executable: String? = nil
  ) throws -> Output {
    let process = Process()
    process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? url
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipes = (stdin: Pipe(), stdout: Pipe(), stderr: Pipe())
    process.standardInput = pipes.stdin
    process.standardOutput = pipes.stdout
    process.standardError = pipes.stderr
    try process.run()
    pipes.stdin.fileHandleForWriting.write(Data(input.utf8))
    try pipes.stdin.fileHandleForWriting.close()
    let stdoutData = pipes.stdout.fileHandleForReading.readDataToEndOfFile()
    let stderrData = pipes.stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
      stderr: String(decoding: stderrData, as: UTF8.self))
  }

  /// A fresh temporary directory for one test.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
