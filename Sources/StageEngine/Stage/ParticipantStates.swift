/// A client's connection to the stage (SPEC §2.2).
public enum ConnectionState: String, Sendable, CaseIterable {
  /// Not in the stage: before join, after leave, disconnect or a fatal error.
  case disconnected
  /// Join accepted, media not yet flowing.
  case connecting
  /// In the stage.
  case connected
}

/// The local participant's publish state (SPEC §2.2).
public enum PublishState: String, Sendable, CaseIterable {
  /// Not sending media.
  case notPublished
  /// Publish requested, not yet confirmed.
  case attemptingPublish
  /// Sending media; remote observers see the participant.
  case published
}

/// One observer's subscription to one remote publisher (SPEC §2.2).
public enum SubscribeState: String, Sendable, CaseIterable {
  /// Not receiving the publisher's media.
  case notSubscribed
  /// Subscription requested.
  case attemptingSubscribe
  /// Receiving the publisher's media.
  case subscribed
}
