import Foundation
import IVSRecords
import InputKit

/// `stagemon-bench records`: issue 18's "records … streamed". A generated ListParticipantEvents
/// file of about 200 MB (JSON lines of `{"events": [...]}`, in a temporary folder) read three
/// ways in one process, each's peak resident memory above the process before it: as `import`
/// and `explain` read it (`RecordSet.read(atPath:limit:)`, streamed), a plain read of its bytes
/// (`BoundedInput.bytes`), and the old whole-file way (its bytes, then `read(bytes:file:)`).
/// The streamed read's peak should be what the decoded events hold, not the bytes beside them.
/// Then issue 29's case: one huge value in a record file, in a member nobody reads and in a
/// field `import` keeps (a participant ID, refused where it is read: `RecordFieldLimit`), read
/// and imported as `import` does, beside a plain read of the same file.
enum RecordReadBenchmark {
  /// The streamed read's peak over the memory its decoded events keep.
  static let eventsShareTarget = 1.25
  /// The huge value's share of the input, at most, for either read and import.
  static let hugeValueTarget = 1.25
  static let hugeValueBytes = 64 << 20
  static let documents = 1_400
  static let eventsPerDocument = 1_000

  static func run() throws -> Bool {
    let folder = NSTemporaryDirectory() + "stagemon-bench-records-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/events.json"
    let size = try generate(path)
    let input = Double(size) / 1_048_576
    var events = 0
    var kept = 0.0
    let streamed = try measure {
      var records = RecordSet()
      try records.read(atPath: path, limit: BoundedInput.Limit.records)
      events = records.events.count
      kept = residentMiB()
    }
    let plain = try measure {
      _ = try BoundedInput.bytes(atPath: path, limit: BoundedInput.Limit.records).count
    }
    let whole = try measure {
      var records = RecordSet()
      try records.read(
        bytes: try BoundedInput.bytes(atPath: path, limit: BoundedInput.Limit.records), file: path)
    }
    let held = kept - streamed.before
    let met = streamed.peak <= eventsShareTarget * held
    print("records: \(events) events in \(String(format: "%.0f", input)) MiB of JSON lines")
    for (name, figure) in [
      ("streamed (import, explain)", streamed), ("plain read of the bytes", plain),
      ("old whole-file read + parse", whole),
    ] {
      print(
        "  \(BenchmarkHarness.column(name, 30)) peak +"
          + "\(String(format: "%6.0f", figure.peak)) MiB = \(String(format: "%.2f", figure.peak / input))×"
          + " the input, \(String(format: "%.2f", figure.seconds)) s")
    }
    print(
      "  decoded events held after the streamed read \(String(format: "%.0f", held)) MiB;"
        + " streamed peak / held \(String(format: "%.2f", streamed.peak / held))"
        + "  target ≤ \(eventsShareTarget)  " + (met ? "met" : "MISSED"))
    return try hugeValue(in: folder) && met
  }

  /// Reads and imports a file holding one `hugeValueBytes` string, unread and then kept, each
  /// peak over the file's size, beside a plain read of the kept one's bytes.
  private static func hugeValue(in folder: String) throws -> Bool {
    let event = #"{"name": "JOINED", "participantId": "p1", "eventTime": "2026-03-14T18:00:00Z"}"#
    let cases = [
      (
        "a member nobody reads", #"{"events": [{"note": ""#,
        #"", "name": "LEFT", "participantId": "p1", "eventTime": "2026-03-14T18:01:00Z"}, \#(event)]}"#
      ),
      (
        "a participant ID (kept)", #"{"events": [{"name": "LEFT", "participantId": ""#,
        #"", "eventTime": "2026-03-14T18:01:00Z"}, \#(event)]}"#
      ),
    ]
    var met = true
    print("records: one \(hugeValueBytes >> 20) MiB string in a record file, read and imported")
    for (index, (name, head, tail)) in cases.enumerated() {
      let path = folder + "/huge-\(index).json"
      let file = try PendingFile(path: path)
      try file.write(head)
      try file.write(String(repeating: "a", count: hugeValueBytes))
      try file.write(tail)
      try file.commit()
      let input = Double(hugeValueBytes + head.utf8.count + tail.utf8.count) / 1_048_576
      if index == 1 {
        let plain = try measure {
          _ = try BoundedInput.bytes(atPath: path, limit: BoundedInput.Limit.records).count
        }
        print(
          "  plain read of the bytes        peak +\(String(format: "%6.0f", plain.peak)) MiB"
            + " = \(String(format: "%.2f", plain.peak / input))× the input")
      }
      var imported = 0
      let figure = try measure {
        var records = RecordSet()
        try records.read(atPath: path, limit: BoundedInput.Limit.records)
        imported = try RecordImporter.makeSession(from: records, options: ImportOptions())
          .recorded.count
      }
      let share = figure.peak / input
      met = met && share <= hugeValueTarget
      print(
        "  in \(BenchmarkHarness.column(name, 27)) peak +"
          + "\(String(format: "%6.0f", figure.peak)) MiB = \(String(format: "%.2f", share))× the"
          + " input, \(String(format: "%.2f", figure.seconds)) s, \(imported) events imported"
          + "  target ≤ \(hugeValueTarget)  " + (share <= hugeValueTarget ? "met" : "MISSED"))
      try? FileManager.default.removeItem(atPath: path)
    }
    return met
  }

  /// Writes the record to `path`; its size in bytes.
  private static func generate(_ path: String) throws -> Int {
    let file = try PendingFile(path: path)
    var size = 0
    for document in 0..<documents {
      var text = "{\"events\": [\n"
      for index in 0..<eventsPerDocument {
        let millisecond = (document * eventsPerDocument + index) % 60_000
        text +=
          "  {\"eventTime\": \"2026-03-14T18:\(10 + millisecond / 60_000):"
          + "\(String(format: "%02d.%03d", millisecond / 1000 % 60, millisecond % 1000))Z\","
          + " \"name\": \"\(index % 2 == 0 ? "JOINED" : "PUBLISH_STARTED")\","
          + " \"participantId\": \"participant-\(document)\","
          + " \"remoteParticipantId\": \"participant-\((document + 1) % documents)\"}"
          + (index + 1 < eventsPerDocument ? ",\n" : "\n")
      }
      text += "], \"nextToken\": null}\n"
      size += text.utf8.count
      try file.write(text)
    }
    try file.commit()
    return size
  }

  private static func measure(_ body: () throws -> Void) throws -> (
    before: Double, peak: Double, seconds: Double
  ) {
    let before = residentMiB()
    BenchmarkHarness.resetPeakMemory()
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (before, BenchmarkHarness.peakMemoryMiB() - before, seconds)
  }

  /// Resident memory now, MiB (`/proc/self/statm`).
  private static func residentMiB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let pages = text.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
  }
}
