import JSONKit
import StageEngine
import Synchronization
import TokenCore

/// The detail pane's decoded token: its header and claims as text. The selected participant's
/// token is the same from one frame to the next, and splitting, base64url-decoding and parsing
/// it was a tenth of a frame, so the last token's parts are kept (pure memoization: they are a
/// function of the token's text alone).
enum DecodedToken {
  /// The header and the claims of `token` (`header.payload.signature`, the signature
  /// redacted), or nil when it has fewer than two parts.
  static func parts(of token: String) -> (header: String, claims: [(String, String)])? {
    if let kept = last.withLock({ $0 }), kept.token == token { return kept.parts }
    let parts = decode(token)
    last.withLock { $0 = (token, parts) }
    return parts
  }

  private static let last = Mutex<(token: String, parts: (String, [(String, String)])?)?>(nil)

  private static func decode(_ token: String) -> (String, [(String, String)])? {
    let parts = token.split(separator: ".")
    guard parts.count >= 2 else { return nil }
    return (decoded(parts[0]), claims(parts[1]))
  }

  private static func decoded(_ part: Substring) -> String {
    guard let bytes = Base64URL.decode(String(part)) else { return "(not base64url)" }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func claims(_ part: Substring) -> [(String, String)] {
    guard let json = try? JSONParser.parse(decoded(part)), let members = json.objectValue else {
      return [("payload", "(does not decode)")]
    }
    return members.map { member in
      if member.key == "exp" || member.key == "iat", let seconds = member.value.integerValue {
        return (member.key, "\(seconds) (\(VirtualTime.iso8601(seconds)))")
      }
      return (member.key, member.value.stringValue ?? JSONWriter.compact(member.value))
    }
  }
}
