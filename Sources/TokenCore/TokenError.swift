import IVSRules

/// Why a token was refused, naming the part of the token and the cause, so a
/// support engineer can tell a malformed token from an expired or forged one.
public struct TokenError: Error, Equatable, Sendable, CustomStringConvertible {
  /// How the stage reacts: each category maps to its own join error code (SPEC §5.3).
  public enum Category: String, Sendable {
    /// Not a well-formed participant token (join code 1000 / Web 1 TOKEN_MALFORMED).
    case malformed
    /// Past its expiry (join code 1001 / Web 2 TOKEN_EXPIRED).
    case expired
    /// Well formed but not trusted: bad signature, unknown key (1026 / Web 8 TOKEN_NOT_ALLOWED).
    case notAllowed
  }

  /// How the stage reacts.
  public let category: Category
  /// Which part: "token", "header", "payload", "signature", or "claim <name>".
  public let part: String
  /// What is wrong with it.
  public let reason: String
  /// The rule of the book that refuses it (`token.valid-at-join` unless a narrower one does).
  public let rule: RuleID

  /// Creates an error.
  public init(
    _ category: Category, part: String, reason: String, rule: RuleID = .tokenValidAtJoin
  ) {
    self.category = category
    self.part = part
    self.reason = reason
    self.rule = rule
  }

  /// "<part>: <reason>".
  public var description: String { "\(part): \(reason)" }
}

/// Why a key could not be loaded, generated, used or written.
public struct KeyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, naming the file or operation.
  public let description: String

  /// Creates an error with a message.
  public init(_ description: String) { self.description = description }
}
