// JSONKit: parse any bytes; what parses must write out and parse back to the same text, and the stream over chunks (cut anywhere, any window) must give the whole parse's values or error.

import JSONKit

/// libFuzzer calls this once per input; it must never crash, hang or exhaust memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  checkChunkedStream(bytes)
  guard let value = try? JSONParser.parse(bytes: bytes) else { return 0 }
  let compact = JSONWriter.compact(value)
  _ = JSONWriter.pretty(value)
  guard let reparsed = try? JSONParser.parse(compact) else {
    preconditionFailure("the writer's output does not parse: \(compact)")
  }
  precondition(JSONWriter.compact(reparsed) == compact, "writing is not stable: \(compact)")
  return 0
}

/// The texts of `bytes` read through a stream of two chunks (cut where the input's first
/// byte says) and a small window equal the whole parse's, or fail with its error.
private func checkChunkedStream(_ bytes: [UInt8]) {
  let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
  var chunks = [bytes[..<split], bytes[split...]]
  var stream = JSONStream(
    chunks: { chunks.isEmpty ? nil : chunks.removeFirst() }, window: 1 + bytes.count % 7)
  let whole = Result { () throws(JSONParseError) in try JSONParser.parseSequence(bytes: bytes) }
  let streamed = Result { () throws(JSONParseError) -> [JSON] in
    var values: [JSON] = []
    while stream.hasMore() { values.append(try stream.value()) }
    return values
  }
  switch (whole, streamed) {
  case (.success(let a), .success(let b)): precondition(a == b, "chunked values differ")
  case (.failure(let a), .failure(let b)): precondition(a == b, "chunked error \(b) != \(a)")
  default: preconditionFailure("chunked stream: \(streamed), whole parse: \(whole)")
  }
}
