/// One behavioural rule of IVS real-time streaming that stagemon applies, with where it comes
/// from and where it holds.
///
/// It exists so that no behaviour is stated without its ground: a documented rule names the
/// page, section and sentence it rests on; an assumption (the documentation is silent) says why
/// stagemon chose it. A rule holds for some SDKs (platform and release range) and for some
/// service dates, so the same question can have a different answer for an old SDK or an old
/// day of IVS — the book (`RuleBook`) picks the rule that holds.
public struct Rule: Sendable, Identifiable {
  /// Stable, readable ID, e.g. `exchange.immutable-claims`.
  public let id: RuleID
  /// One sentence saying what happens.
  public let statement: String
  /// Documented (with its source) or an assumption (with its reason).
  public let basis: Basis
  /// The SDKs and service dates it holds for.
  public let scope: Scope
  /// What a customer can do about it, if anything, with its own ground.
  public let advice: Advice?

  /// Creates a rule.
  public init(
    _ id: RuleID, _ statement: String, basis: Basis, scope: Scope = .always,
    advice: Advice? = nil
  ) {
    self.id = id
    self.statement = statement
    self.basis = basis
    self.scope = scope
    self.advice = advice
  }

  /// `documented` or `assumption`.
  public var kind: Kind { basis.kind }

  /// Whether the documentation states the rule or stagemon assumes it.
  public enum Kind: String, Sendable, CaseIterable {
    /// The IVS documentation states it (see `Basis.documented`).
    case documented
    /// The documentation is silent; stagemon picked this behaviour (see `Basis.assumption`).
    case assumption
  }

  /// The ground of a rule.
  public enum Basis: Sendable {
    /// Stated by the IVS documentation: the page, section and the sentence it rests on.
    case documented(Source)
    /// Not stated anywhere stagemon has read: why this behaviour was chosen.
    case assumption(reason: String)

    /// The kind this ground makes.
    public var kind: Kind {
      switch self {
      case .documented: .documented
      case .assumption: .assumption
      }
    }

    /// The source of a documented rule; nil for an assumption.
    public var source: Source? {
      if case .documented(let source) = self { return source }
      return nil
    }

    /// The reason of an assumption; nil for a documented rule.
    public var reason: String? {
      if case .assumption(let reason) = self { return reason }
      return nil
    }
  }
}

/// A place in the IVS documentation and the sentence a rule rests on, quoted briefly.
public struct Source: Sendable, Equatable {
  /// The page's title.
  public let title: String
  /// The page's address.
  public let url: String
  /// The section (heading, table row or reference entry) that holds the sentence.
  public let section: String
  /// The sentence, verbatim and short.
  public let quote: String

  /// Creates a source.
  public init(title: String, url: String, section: String, quote: String) {
    self.title = title
    self.url = url
    self.section = section
    self.quote = quote
  }
}

/// What a customer can do about a rule's outcome, grounded like a rule: advice exists only in
/// the book, so no advice names a setting or a step the documentation does not have.
public struct Advice: Sendable {
  /// The advice, one or two sentences a support engineer can send.
  public let text: String
  /// Documented (its source) or stagemon's own reasoning (its reason).
  public let basis: Rule.Basis

  /// Creates advice.
  public init(_ text: String, basis: Rule.Basis) {
    self.text = text
    self.basis = basis
  }
}
