import Foundation
import IVSRecords
import InputKit

/// `stagemon-bench safeio`: what the untrusted-I/O helpers cost. (a) `explain` of a generated
/// 300-participant session, end to end, against sanitising its report (`Console.write`'s
/// `TerminalText.safe`); (b) a 100 MB JSONL file written through `SafeFile` against a plain
/// `open`/`write`/`close` (and against the same plus `fsync`), rounds alternating in one folder.
enum SafeIOBenchmark {
  static let sanitiseTarget = 0.02
  static let writeTarget = 1.1

  static func run() -> Bool {
    do {
      let explain = try explainShare()
      let write = try writeRatio()
      return explain && write
    } catch {
      print("safeio benchmark failed: \(error)")
      return false
    }
  }

  // MARK: (a) explain

  private static func explainShare() throws -> Bool {
    let bytes = try ImportBenchmark(participants: 300, rounds: 40).record()
    var text = ""
    let explain = BenchmarkHarness.median(
      try (0..<3).map { _ in
        try time {
          var records = RecordSet()
          try records.read(bytes: bytes, file: "generated")
          let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
          text = try Explanation.make(session, file: "generated", toleranceSeconds: 5).text
        }
      })
    let sanitise = BenchmarkHarness.median(
      (0..<5).map { _ in
        BenchmarkHarness.nanoseconds { _ = TerminalText.safe(text, keepingLineBreaks: true) } / 1e9
      })
    let share = sanitise / explain
    print("safeio (a) explain, 300 participants, \(text.utf8.count / 1024) KiB report:")
    BenchmarkHarness.report(
      "  explain end to end", String(format: "%.3f s", explain), target: "—", met: true)
    BenchmarkHarness.report(
      "  sanitising its report", String(format: "%.2f ms = %.3f %%", sanitise * 1e3, share * 100),
      target: "≤ 2 %", met: share <= sanitiseTarget)
    return share <= sanitiseTarget
  }

  // MARK: (b) writing 100 MB of JSONL

  private static func writeRatio() throws -> Bool {
    let line = Array(
      (#"{"seq":1,"time":"2026-01-01T12:00:00Z","source":"server","kind":"JOINED","#
        + #""participant":"viewer0042","attributes":{"role":"viewer"}}"# + "\n").utf8)
    let chunk = Array([[UInt8]](repeating: line, count: (1 << 18) / line.count).joined())
    let chunks = (100 << 20) / chunk.count
    let folder = FileManager.default.currentDirectoryPath + "/.build/safeio-bench"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var plain: [Double] = []
    var synced: [Double] = []
    var safe: [Double] = []
    for round in 0..<5 {
      plain.append(try time { try plainWrite(chunk, chunks, to: "\(folder)/plain", sync: false) })
      synced.append(try time { try plainWrite(chunk, chunks, to: "\(folder)/synced", sync: true) })
      safe.append(
        try time {
          let file = try PendingFile(path: "\(folder)/safe-\(round).jsonl")
          for _ in 0..<chunks { try file.write(chunk) }
          try file.commit()
        })
      try FileManager.default.removeItem(atPath: "\(folder)/safe-\(round).jsonl")
    }
    let (p, s, f) = (
      BenchmarkHarness.median(plain), BenchmarkHarness.median(synced),
      BenchmarkHarness.median(safe)
    )
    print("safeio (b) \(chunks * chunk.count / 1_048_576) MiB of JSONL, median of 5 rounds:")
    BenchmarkHarness.report(
      "  plain open/write/close", String(format: "%.3f s", p), target: "—", met: true)
    BenchmarkHarness.report(
      "  the same + fsync", String(format: "%.3f s", s), target: "—", met: true)
    BenchmarkHarness.report(
      "  SafeFile (temp, write, fsync, link)",
      String(format: "%.3f s = %.2f× plain, %.2f× + fsync", f, f / p, f / s),
      target: "≤ 1.1× plain", met: f / p <= writeTarget)
    return f / p <= writeTarget
  }

  private static func plainWrite(_ chunk: [UInt8], _ count: Int, to path: String, sync: Bool)
    throws
  {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw SafeFileError(path: path, problem: .system(.current)) }
    defer { close(fd) }
    for _ in 0..<count { try WriteLoop.write(chunk, to: fd) }
    if sync { fsync(fd) }
  }

  private static func time(_ body: () throws -> Void) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
