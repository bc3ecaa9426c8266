// Scenarios: decoding and validating a scenario file (no run).

import StageEngine

/// libFuzzer calls this once per input; it must never crash, hang or exhaust memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  _ = try? Scenario(parsing: text, file: "fuzz.json", baseDirectory: "/nonexistent")
  return 0
}
