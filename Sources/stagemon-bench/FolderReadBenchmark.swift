import Foundation
import IVSRecords
import InputKit

/// `stagemon-bench folder`: issue 32 item 12. A folder of 100,000 small record files (one
/// EventBridge event each, as a customer's rule delivers them; in a temporary folder) read as
/// `explain FOLDER` reads it (`RecordFolder.read`), beside a plain read of the same files'
/// bytes (`BoundedInput.bytes` each). Target: ≤ 2 s, and linear (the same per file at a
/// tenth of the files).
enum FolderReadBenchmark {
  static let files = 100_000
  static let targetSeconds = 2.0

  static func run() throws -> Bool {
    let folder = NSTemporaryDirectory() + "stagemon-bench-folder-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try generate(folder, count: files)
    let small = folder + "/tenth"
    try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
    try generate(small, count: files / 10)
    var events = 0
    let read = try seconds {
      events = try RecordFolder.read([folder]).records.events.count
    }
    let tenth = try seconds { _ = try RecordFolder.read([small]) }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasSuffix(".json")
    }
    let plain = try seconds {
      for name in names {
        _ = try BoundedInput.bytes(atPath: folder + "/" + name, limit: BoundedInput.Limit.records)
      }
    }
    let perFile = read / Double(files)
    let perFileTenth = tenth / Double(files / 10)
    let met = read <= targetSeconds
    print("folder: \(files) files of one EventBridge event each (\(events) events read)")
    print(
      "  RecordFolder.read \(String(format: "%.2f", read)) s (\(String(format: "%.1f", perFile * 1e6)) µs a file);"
        + " a tenth of the files \(String(format: "%.2f", tenth)) s"
        + " (\(String(format: "%.1f", perFileTenth * 1e6)) µs a file)")
    print(
      "  plain read of the same bytes \(String(format: "%.2f", plain)) s;"
        + " ratio \(String(format: "%.2f", read / plain))×  target ≤ \(targetSeconds) s  "
        + (met ? "met" : "MISSED"))
    return met
  }

  private static func generate(_ folder: String, count: Int) throws {
    for index in 0..<count {
      let second = index % 3600
      let text = """
        {"version": "0", "id": "e-\(index)", "detail-type": "IVS Stage Update", "source": "aws.ivs",
         "time": "2026-03-14T18:\(String(format: "%02d:%02d", second / 60, second % 60))Z",
         "resources": ["arn:aws:ivs:us-east-1:123456789012:stage/AbCdEf123456"],
         "detail": {"session_id": "st-1CVugbu2cf2n8", "event_name": "Participant Published",
                    "user_id": "", "participant_id": "p\(index % 200)"}}
        """
      try Data(text.utf8).write(
        to: URL(fileURLWithPath: folder + "/event-\(String(format: "%06d", index)).json"))
    }
  }

  private static func seconds(_ body: () throws -> Void) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
