// Key input: terminal bytes through the decoders the live UI uses (raw escape sequences and curses codes).

import TerminalKit

/// libFuzzer calls this once per input; it must never crash, hang or exhaust memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = KeyDecoder.decode(bytes: bytes)
  // What curses hands over one code at a time: 4-byte little-endian words.
  var index = 0
  while index + 4 <= bytes.count {
    let word = bytes[index..<(index + 4)].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    _ = KeyDecoder.decode(cursesCharacter: word)
    _ = KeyDecoder.decode(cursesKeyCode: Int32(bitPattern: word))
    index += 4
  }
  return 0
}
