// Key input: terminal bytes (keys, escape sequences, mouse, bracketed paste) through the live UI's decoder.

import TerminalKit

/// libFuzzer calls this once per input. The first byte chooses how the rest is split into reads
/// (the live UI gets input in arbitrary pieces), so sequences cut across `feed` calls are
/// covered; the same bytes decoded in one piece must give the same events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let first = bytes.first else { return 0 }
  let stride = Int(first % 16) + 1
  let input = bytes.dropFirst()
  var decoder = KeyDecoder()
  var events: [InputEvent] = []
  var start = input.startIndex
  while start < input.endIndex {
    let end = min(start + stride, input.endIndex)
    events += decoder.feed(input[start..<end])
    start = end
  }
  events += decoder.flush()
  precondition(events.count <= input.count + 1, "more events than bytes")
  precondition(events == KeyDecoder.events(bytes: Array(input)), "split reads decode differently")
  return 0
}
