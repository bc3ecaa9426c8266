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

/// Streams `bytes` in chunks of 3 as `read(atPath:limit:)` does when it streams (JSON
/// starting with `{` or `[`, its byte order mark skipped, UTF-16 made UTF-8 chunk by chunk).
private func checkStreamed(_ bytes: [UInt8], wholeRead: RecordSet?) {
  guard let form = RecordText.streamForm(Array(bytes.prefix(RecordSet.headBytes))) else {
    return
  }
  let text = transcoded(bytes[form.mark...], form)
  guard let text else { return }  // invalid UTF-16: the streamed read reads it whole
  var counter = JSONTextCounter()
  counter.take(text[...])
  var offset = 0
  let json = JSONStream(
    chunks: {
      guard offset < text.count else { return nil }
      defer { offset = min(text.count, offset + 3) }
      return text[offset..<min(text.count, offset + 3)]
    }, window: 5)
  var stream = RecordStream(json: json, file: "fuzz")
  var streamed = RecordSet()
  let read = (try? streamed.read(&stream, several: counter.count > 1, file: "fuzz")) != nil
  precondition(read == (wholeRead != nil), "streamed read \(read), whole read \(!read)")
  precondition(
    !read || streamed.events.count == wholeRead?.events.count, "streamed events differ")
}

/// `bytes` as UTF-8, transcoded 3 bytes at a time when they are UTF-16; nil when invalid.
private func transcoded(_ bytes: ArraySlice<UInt8>, _ form: RecordText.StreamForm) -> [UInt8]? {
  guard let bigEndian = form.utf16BigEndian else { return Array(bytes) }
  var transcoder = UTF16Transcoder(bigEndian: bigEndian)
  var text: [UInt8] = []
  var offset = bytes.startIndex
  while offset < bytes.endIndex {
    text += transcoder.take(bytes[offset..<min(bytes.endIndex, offset + 3)])
    offset += 3
  }
  return transcoder.isComplete ? text : nil
}
