// Records: reading any bytes as IVS records, then importing them into a scenario.

import IVSRecords
import StageEngine

/// libFuzzer calls this once per input; reading and importing must never crash, hang or
/// exhaust memory, and whatever imports must encode to a scenario.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecords(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var records = RecordSet()
  guard
    (try? records.read(bytes: Array(UnsafeBufferPointer(start: data, count: size)), file: "fuzz"))
      != nil
  else { return 0 }
  if let session = try? RecordImporter.makeSession(from: records, options: ImportOptions()) {
    _ = ScenarioEncoder.text(session.scenario)
  }
  return 0
}
