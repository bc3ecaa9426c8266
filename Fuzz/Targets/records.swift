// Records: reading any bytes as IVS records (whole, and as a stream over chunks), then importing them into a scenario.

import JSONKit
import StageEngine

@testable import IVSRecords

/// libFuzzer calls this once per input; reading and importing must never crash, hang or
/// exhaust memory, whatever imports must encode to a scenario, and reading the bytes as the
/// streamed file path does (in chunks) must succeed exactly when reading them whole does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecords(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var records = RecordSet()
  let read = (try? records.read(bytes: bytes, file: "fuzz")) != nil
  checkStreamed(bytes, wholeRead: read ? records : nil)
  guard read else { return 0 }
  if let session = try? RecordImporter.makeSession(from: records, options: ImportOptions()) {
    _ = ScenarioEncoder.text(session.scenario)
  }
  return 0
}

/// Streams `bytes` in chunks of 3 as `read(atPath:limit:)` does when it streams (UTF-8 JSON
/// starting with `{` or `[`, its byte order mark skipped).
private func checkStreamed(_ bytes: [UInt8], wholeRead: RecordSet?) {
  guard let mark = RecordText.plainJSONPrefix(Array(bytes.prefix(RecordSet.headBytes))) else {
    return
  }
  var counter = JSONTextCounter()
  counter.take(bytes[mark...])
  var offset = mark
  let json = JSONStream(
    chunks: {
      guard offset < bytes.count else { return nil }
      defer { offset = min(bytes.count, offset + 3) }
      return bytes[offset..<min(bytes.count, offset + 3)]
    }, window: 5)
  var stream = RecordStream(json: json, file: "fuzz")
  var streamed = RecordSet()
  let read = (try? streamed.read(&stream, several: counter.count > 1, file: "fuzz")) != nil
  precondition(read == (wholeRead != nil), "streamed read \(read), whole read \(!read)")
  precondition(
    !read || streamed.events.count == wholeRead?.events.count, "streamed events differ")
}
