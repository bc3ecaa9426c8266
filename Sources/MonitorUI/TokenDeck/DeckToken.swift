import TokenCore

/// A deck entry's token as the deck predicts from it. A pasted JWT is checked as the stage
/// will check it, signature included; a minted one is predicted before it is signed (see
/// `UnsignedToken`), so opening the deck costs no ES384 signature per entry — the token is
/// signed when the entry is applied, and the stage verifies that signature for real.
public enum DeckToken: Sendable {
  /// A JWT typed or pasted into the deck.
  case pasted(String)
  /// The token a mint spec makes, up to its signature.
  case unsigned(UnsignedToken)

  /// Header and claims, when the token parses (what the claim diff compares).
  public var parsed: ParticipantToken? {
    switch self {
    case .pasted(let text): return try? ParticipantToken.parse(text)
    case .unsigned(let unsigned): return unsigned.token
    }
  }

  /// Whether nothing was pasted yet.
  public var isEmpty: Bool {
    if case .pasted(let text) = self { return text.isEmpty }
    return false
  }
}
