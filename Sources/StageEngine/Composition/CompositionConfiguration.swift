import IVSRules

/// Settings of the server-side composition (SPEC §4), as a scenario gives them.
public struct CompositionConfiguration: Equatable, Sendable {
  /// Grid of equal tiles, or a featured participant with a picture-in-picture window.
  public enum Layout: String, Sendable, CaseIterable {
    /// Equal tiles; an optional featured slot.
    case grid
    /// A featured participant and a PiP window.
    case pip
  }

  /// When the composition notices attribute changes made by token exchange: the book's
  /// answer for the day (`Question.compositionUpdates`).
  public typealias UpdatePolicy = CompositionUpdates

  /// How the PiP window behaves when the PiP participant is alone.
  public enum PipBehavior: String, Sendable, CaseIterable {
    /// The PiP window stays a PiP window (default).
    case `static` = "STATIC"
    /// The PiP participant takes the full frame when alone.
    case dynamic = "DYNAMIC"
  }

  /// The layout.
  public var layout: Layout
  /// Attribute whose value `"true"` takes the featured slot; empty for none.
  public var featuredParticipantAttribute: String
  /// Attribute whose value `"true"` takes the PiP window (pip layout); empty for none.
  public var pipParticipantAttribute: String
  /// Attribute ordering the participants by integer value; empty turns ordering off.
  public var participantOrderAttribute: String
  /// PiP behaviour.
  public var pipBehavior: PipBehavior
  /// PiP window position, e.g. `BOTTOM_RIGHT`.
  public var pipPosition: String
  /// When attribute changes reach the layout, set by hand as a what-if; nil (the default):
  /// as IVS did on the run's day (`RulesInForce.compositionUpdates(whatIf:)`).
  public var updates: UpdatePolicy?

  /// Creates a configuration with the documented defaults.
  public init(
    layout: Layout = .grid, featuredParticipantAttribute: String = "",
    pipParticipantAttribute: String = "", participantOrderAttribute: String = "",
    pipBehavior: PipBehavior = .static, pipPosition: String = "BOTTOM_RIGHT",
    updates: UpdatePolicy? = nil
  ) {
    self.layout = layout
    self.featuredParticipantAttribute = featuredParticipantAttribute
    self.pipParticipantAttribute = pipParticipantAttribute
    self.participantOrderAttribute = participantOrderAttribute
    self.pipBehavior = pipBehavior
    self.pipPosition = pipPosition
    self.updates = updates
  }
}

/// One place in a composition layout.
public struct CompositionSlot: Equatable, Sendable {
  /// What the place is.
  public enum Role: String, Sendable, CaseIterable {
    /// The featured (main) slot.
    case featured
    /// The picture-in-picture window.
    case pip
    /// An ordinary tile.
    case tile
  }

  /// The slot's role.
  public let role: Role
  /// The participant shown there.
  public let participant: String

  /// Creates a slot.
  public init(role: Role, participant: String) {
    self.role = role
    self.participant = participant
  }
}
