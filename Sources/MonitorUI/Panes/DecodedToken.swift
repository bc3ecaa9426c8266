import JSONKit
import StageEngine
import TokenCore

/// The detail pane's decoded token: its header and claims as text.
enum DecodedToken {
  /// The header and the claims of `token` (`header.payload.signature`, the signature
  /// redacted), or nil when it has fewer than two parts.
  static func parts(of token: String) -> (header: String, claims: [(String, String)])? {
    // Split as bytes: splitting a string by characters walks grapheme boundaries, a tenth of a
    // frame for one token.
    let parts = token.utf8.split(separator: UInt8(ascii: ".")).map(Substring.init)
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
