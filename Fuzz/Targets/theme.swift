// Themes: the theme file parser on any text.

import TerminalKit

/// libFuzzer calls this once per input; it must never crash, hang or exhaust memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  _ = ThemeParser.parse(text, file: "fuzz.theme")
  return 0
}
