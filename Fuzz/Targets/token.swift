// Tokens: parse, validate at extreme times, report (inspect/diff/deck text), exchange checks.

import StageEngine

@testable import MonitorUI
@testable import TokenCore
@testable import stagemon

/// libFuzzer calls this once per input. Input starting with `{` is taken as the claims JSON
/// of a key-pair token; anything else is compact token text, so the fuzzer reaches validation and reporting without guessing base64.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzToken(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let compact: String
  if bytes.first != UInt8(ascii: "{") {
    compact = String(decoding: bytes, as: UTF8.self)
  } else {
    let header =
      #"{"alg":"ES384","typ":"JWT","kid":"arn:aws:ivs:us-east-1:123456789012:public-key/k"}"#
    compact =
      Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(bytes) + "."
      + Base64URL.encode([UInt8](repeating: 7, count: 96))
  }
  guard let token = try? ParticipantToken.parse(compact) else { return 0 }
  let claims = token.claims.json.objectValue ?? []
  let times = [token.claims.iat, token.claims.exp]
  for now in times + [0, 1_700_000_000, Int64.max, Int64.min] {
    _ = try? token.claims.validate(now: now)
    _ = TokenReport.lines(claims, now: now, markUnknown: true)
    for time in times { _ = RelativeTime.until(time, now: now) }
  }
  _ = TokenReport.json(token)
  _ = ClaimChange.between(token.claims.json, .object([]))
  _ = ClaimChange.between(token.claims.json, token.claims.json)
  _ = ClaimDiff.lines(from: token, to: token)
  _ = TokenSummary(token)
  _ = ExchangeCheck.check(current: token, newToken: compact)
  return 0
}
