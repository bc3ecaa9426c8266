import JSONKit
import StageEngine
import TokenCore

/// The differences between two tokens as short lines (`capabilities: [subscribe] →
/// [publish, subscribe]`), header first, so the deck shows what an exchange would change.
/// Only header and claims are compared: a signature is never shown.
public enum ClaimDiff {
  /// One line per changed header field or claim; empty when nothing but `iat` moved.
  public static func lines(from old: ParticipantToken, to new: ParticipantToken) -> [String] {
    var lines: [String] = []
    for name in ["alg", "kid"] {
      let before = old.header.json[name].map(text) ?? "—"
      let after = new.header.json[name].map(text) ?? "—"
      if before != after { lines.append("header \(name): \(before) → \(after)") }
    }
    for change in JSON.changedMembers(from: old.claims.json, to: new.claims.json)
    where change.key != "iat" {
      let name = change.key
      lines.append(
        "\(name): \(describe(change.old, claim: name)) → \(describe(change.new, claim: name))")
    }
    return lines
  }

  private static func describe(_ value: JSON?, claim: String) -> String {
    guard let value else { return "—" }
    if claim == "exp", let seconds = value.integerValue { return VirtualTime.iso8601(seconds) }
    if claim == "capabilities", let members = value.objectValue {
      let names = members.filter { $0.value.boolValue == true }.map {
        $0.key.hasPrefix("allow_") ? String($0.key.dropFirst(6)) : $0.key
      }
      return "[" + names.sorted().joined(separator: ", ") + "]"
    }
    return text(value)
  }

  private static func text(_ value: JSON) -> String {
    value.stringValue ?? JSONWriter.compact(value)
  }
}
