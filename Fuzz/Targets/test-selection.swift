// ScenarioChecks: any bytes as a -k expression (parsed, then matched against itself) and as a .json found among scenarios (comments and trailing commas blanked out, same length, newlines kept).

import JSONKit

@testable import ScenarioChecks

/// libFuzzer calls this once per input; it must never crash, hang or exhaust memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestSelection(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  if let expression = try? KeywordExpression(parsing: text) {
    _ = expression.matches([text, ""])
  }
  let relaxed = NotAScenario.relaxed(bytes)
  precondition(relaxed.count == bytes.count, "relaxing changed the length")
  for (before, after) in zip(bytes, relaxed) where before == UInt8(ascii: "\n") {
    precondition(after == before, "relaxing removed a newline")
  }
  _ = try? JSONParser.parse(bytes: relaxed)
  return 0
}
