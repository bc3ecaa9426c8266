import JSONKit
import StageEngine
import TokenCore

/// How a token is shown to people and machines: one place, so inspect and
/// diff agree and the signature can never slip into output.
enum TokenReport {
  /// A claim value as one line of text (times with date and relative age).
  static func text(ofClaim name: String, _ value: JSON, now: Int64) -> String {
    switch (name, value) {
    case ("exp", .integer(let t)), ("iat", .integer(let t)):
      return "\(t)  \(VirtualTime.iso8601(t))  (\(relative(t, now: now)))"
    case ("capabilities", _):
      let caps = Capabilities(
        publish: value["allow_publish"]?.boolValue == true,
        subscribe: value["allow_subscribe"]?.boolValue == true)
      return caps.summary
    case ("attributes", .object(let members)):
      return members.isEmpty
        ? "{}"
        : members.map { "\($0.key)=\($0.value.stringValue ?? JSONWriter.compact($0.value))" }
          .joined(separator: ", ")
    case (_, .string(let s)): return s
    default: return JSONWriter.compact(value)
    }
  }

  /// "in 3h", "3h ago" or "now".
  static func relative(_ time: Int64, now: Int64) -> String {
    if time == now { return "now" }
    let span = VirtualDuration.text(seconds: VirtualDuration.distance(from: now, to: time))
    return time > now ? "in \(span)" : "\(span) ago"
  }

  /// Aligned "name  value" lines for an object's members.
  static func lines(_ members: [(key: String, value: JSON)], now: Int64, markUnknown: Bool)
    -> [String]
  {
    let width = alignment(members.map(\.key))
    return members.map { member in
      let known = !markUnknown || TokenClaims.knownClaimNames.contains(member.key)
      let marker = known ? "" : "  (unknown claim, kept)"
      return "  " + padded(member.key, to: width)
        + text(ofClaim: member.key, member.value, now: now)
        + marker
    }
  }

  /// The column width that aligns `names`, capped so one absurdly long claim name cannot pad
  /// every other line to its length.
  static func alignment(_ names: [String]) -> Int {
    min(24, names.map(\.count).max() ?? 0)
  }

  /// `name` followed by spaces up to `width`, and always two spaces of gap.
  static func padded(_ name: String, to width: Int) -> String {
    name + String(repeating: " ", count: max(0, width - name.count) + 2)
  }

  /// The machine form: header and claims as written, never the signature bytes.
  static func json(_ token: ParticipantToken) -> JSON {
    .object([
      ("origin", .string(token.origin.rawValue)),
      ("header", token.header.json),
      ("claims", token.claims.json),
      ("signatureBytes", .integer(Int64(token.signature.count))),
    ])
  }
}
