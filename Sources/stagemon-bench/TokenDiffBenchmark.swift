import Foundation
import TmuxHarness
import TokenCore

/// Issue 8's `token diff` figure: the real binary diffing two tokens that differ in every one of
/// 10,000 claims (the baseline) and of 40,000; linear work keeps the ratio near 4.
enum TokenDiffBenchmark {
  static let smallClaims = 10_000
  static let largeClaims = 40_000
  static let targetRatio = 4.5

  /// Runs the suite, prints its figures and says whether the target was met.
  static func run() throws -> Bool {
    print("== token diff ==")
    let binary = SiblingExecutable.path("stagemon")
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-bench-diff-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let small = try tokenFiles(claims: smallClaims, in: dir)
    let large = try tokenFiles(claims: largeClaims, in: dir)
    var smallTimes: [Double] = []
    var largeTimes: [Double] = []
    for _ in 0..<5 {
      smallTimes.append(try seconds(binary, small))
      largeTimes.append(try seconds(binary, large))
    }
    let smallTime = BenchmarkHarness.median(smallTimes)
    let largeTime = BenchmarkHarness.median(largeTimes)
    let ratio = largeTime / smallTime
    BenchmarkHarness.report(
      "token diff, \(smallClaims) changed claims", String(format: "%.3f s", smallTime),
      target: "baseline", met: true)
    BenchmarkHarness.report(
      "token diff, \(largeClaims) changed claims",
      String(format: "%.3f s (×%.2f)", largeTime, ratio),
      target: "≤ ×\(targetRatio)", met: ratio <= targetRatio)
    return ratio <= targetRatio
  }

  /// Two unsigned tokens (diff checks no signature) with `claims` extra claims, all different.
  private static func tokenFiles(claims: Int, in dir: URL) throws -> (old: String, new: String) {
    var paths: [String] = []
    for version in 0..<2 {
      var extra = ""
      extra.reserveCapacity(claims * 24)
      for index in 0..<claims { extra += ",\"x\(index)\":\(index * 2 + version)" }
      let payload =
        #"{"exp":1767312000,"iat":1767268800,"jti":"guest","resource":"arn:aws:ivs:us-west-2:123456789012:stage/AbCdEf123456","topic":"AbCdEf123456","events_url":"wss://global.events.live-video.net","whip_url":"https://AbCdEf123456.global-bm.whip.live-video.net","capabilities":{"allow_subscribe":true},"version":"1.0""#
        + extra + "}"
      let header =
        #"{"alg":"ES384","typ":"JWT","kid":"arn:aws:ivs:us-west-2:123456789012:public-key/k"}"#
      let token =
        Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8)) + ".AAAA"
      let path = dir.appendingPathComponent("\(claims)-\(version).jwt").path
      try token.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    return (paths[0], paths[1])
  }

  /// Wall time of one `stagemon token diff OLD NEW` run, output discarded.
  private static func seconds(_ binary: String, _ files: (old: String, new: String)) throws
    -> Double
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["token", "diff", files.old, files.new]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    try process.run()
    process.waitUntilExit()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
