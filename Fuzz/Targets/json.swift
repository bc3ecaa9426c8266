// JSONKit: parse any bytes; what parses must write out and parse back to the same text.

import JSONKit

/// libFuzzer calls this once per input; it must never crash, hang or exhaust memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let value = try? JSONParser.parse(bytes: bytes) else { return 0 }
  let compact = JSONWriter.compact(value)
  _ = JSONWriter.pretty(value)
  guard let reparsed = try? JSONParser.parse(compact) else {
    preconditionFailure("the writer's output does not parse: \(compact)")
  }
  precondition(JSONWriter.compact(reparsed) == compact, "writing is not stable: \(compact)")
  return 0
}
