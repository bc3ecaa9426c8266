import Foundation
import Testing

/// Issue 32 item 13: a record file holding one huge string is read in at most 1.25 times its
/// size, so the 2 GB records cap bounds memory near 2.5 GB, not 4 GB. Measured as the real
/// `import` process's peak resident set (`ru_maxrss`, the kernel's own count) above the same
/// binary's peak on a tiny file; no timing is involved.
@Suite struct RecordMemoryTests {
  /// The huge string: large enough that a second copy of it stands far above the noise of a
  /// process's baseline, small enough for a debug build to read in seconds.
  static let stringBytes = 8 << 20

  @Test func oneHugeStringCostsAtMostAQuarterMoreThanTheFile() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let event = #"{"name":"JOINED","participantId":"p1","eventTime":"2026-03-14T18:00:00Z""#
    // The string is a member the reader does not use: reading it is all the records cost.
    let cost = try Self.importCost(
      in: folder, tiny: #"{"events":[\#(event)}]}"#,
      huge: (#"{"events":[\#(event),"note":""#, #""}]}"#))
    #expect(cost.statuses == [0, 0])
    #expect(cost.growth <= 1.25, "\(cost.detail)")
  }

  /// Issue 29: a huge value in a field `import` keeps (here a participant ID, which the
  /// import used to copy into many structures) is refused where it is read, so it costs what
  /// a string nobody reads costs: at most a quarter more than the file.
  @Test func oneHugeKeptValueCostsAtMostAQuarterMoreThanTheFile() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let event = #"{"name":"JOINED","participantId":"p1","eventTime":"2026-03-14T18:00:00Z"}"#
    let cost = try Self.importCost(
      in: folder, tiny: #"{"events":[\#(event)]}"#,
      huge: (
        #"{"events":[\#(event),{"name":"JOINED","participantId":""#,
        #"","eventTime":"2026-03-14T18:00:01Z"}]}"#
      ))
    #expect(cost.statuses == [0, 0])
    #expect(cost.growth <= 1.25, "\(cost.detail)")
  }

  /// Imports a file of `tiny` and one of `huge`'s two halves around `stringBytes` of "a"
  /// (both written in `folder`): the exit statuses, and the huge one's peak above the tiny
  /// one's per byte of its file.
  static func importCost(in folder: URL, tiny: String, huge: (head: String, tail: String))
    throws -> (statuses: [Int32], growth: Double, detail: String)
  {
    let tinyFile = folder.appendingPathComponent("tiny.json")
    try Data(tiny.utf8).write(to: tinyFile)
    let hugeFile = folder.appendingPathComponent("huge.json")
    var text = Array(huge.head.utf8)
    text += repeatElement(UInt8(ascii: "a"), count: Self.stringBytes)
    text += Array(huge.tail.utf8)
    try Data(text).write(to: hugeFile)
    let baseline = try Self.peakKiB(["import", tinyFile.path])
    let peak = try Self.peakKiB(["import", hugeFile.path])
    let above = peak.kib - baseline.kib
    return (
      [baseline.status, peak.status], Double(above) * 1024 / Double(text.count),
      "import of a \(text.count)-byte file took \(above) KiB above the \(baseline.kib) KiB of a tiny one"
    )
  }

  /// Runs the binary with `arguments` (standard streams on /dev/null) and gives its exit
  /// status and peak resident set in KiB. A process's peak counts the memory of the process it
  /// was started from (Linux records the old image's peak at `exec`), and this test runner is
  /// larger than `import`: so a small python3 starts the binary and reports
  /// `RUSAGE_CHILDREN`, the peak of that one child.
  static func peakKiB(_ arguments: [String]) throws -> (status: Int32, kib: Int) {
    let script = """
      import resource, subprocess, sys
      done = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
      print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      """
    let output = try StagemonBinary.run(
      ["-c", script, StagemonBinary.url.path] + arguments, executable: "/usr/bin/python3")
    let words = output.stdout.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    try #require(words.count == 2, "python3 printed \(output.stdout) \(output.stderr)")
    return (Int32(clamping: words[0]), words[1])
  }
}
