/// The built-in tokens of the deck: one for each rule of SPEC §3 a tester wants to try.
public enum DeckPreset: String, CaseIterable, Sendable {
  /// Adds the publish capability.
  case grantPublish = "grant-publish"
  /// Removes the publish capability.
  case revokePublish = "revoke-publish"
  /// Adds the subscribe capability.
  case grantSubscribe = "grant-subscribe"
  /// Removes the subscribe capability.
  case revokeSubscribe = "revoke-subscribe"
  /// Replaces the attributes with typed `k=v,…`.
  case editAttributes = "attributes"
  /// Replaces `user_id` with typed text.
  case editUserId = "user-id"
  /// Moves `exp` 12 hours past now.
  case extendExpiry = "extend-exp"
  /// Changes the immutable `topic` claim (§3.1: the SDK rejects it).
  case changeImmutable = "change-topic"
  /// An IVS-signed CreateParticipantToken-style token (§1.2: cannot be exchanged).
  case createParticipantToken = "create-participant-token"
  /// Signed by a key the stage does not know (§3.2: the service rejects it).
  case unknownKey = "unknown-key"
  /// Already expired (§3.2: the service rejects it).
  case expired
  /// A raw JWT typed or pasted.
  case rawJWT = "raw"

  /// What the deck calls it.
  public var title: String {
    switch self {
    case .grantPublish: return "grant publish"
    case .revokePublish: return "revoke publish"
    case .grantSubscribe: return "grant subscribe"
    case .revokeSubscribe: return "revoke subscribe"
    case .editAttributes: return "edit attributes…"
    case .editUserId: return "edit user_id…"
    case .extendExpiry: return "extend exp (+12h)"
    case .changeImmutable: return "change an immutable field (topic)"
    case .createParticipantToken: return "CreateParticipantToken-style token"
    case .unknownKey: return "signed by an unknown key"
    case .expired: return "expired token"
    case .rawJWT: return "paste a raw JWT…"
    }
  }

  /// What the value input asks for, when the preset needs typed text.
  public var inputPrompt: String? {
    switch self {
    case .editAttributes: return "attributes k=v,…"
    case .editUserId: return "user_id"
    case .rawJWT: return "JWT"
    default: return nil
    }
  }
}
