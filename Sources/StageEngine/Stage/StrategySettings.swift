/// How a client's host application answers its strategy's questions (SPEC §2.3).
///
/// A demo flips these live to show that the app, not the token, decides
/// whether to publish now or wait.
public struct StrategySettings: Equatable, Sendable {
  /// The answer to "publish?".
  public enum Publish: String, Sendable, CaseIterable {
    /// Yes, at once.
    case always
    /// No.
    case never
    /// Ask the person at the keyboard; the question stays pending until answered.
    case ask
  }

  /// The answer to "subscribe?".
  public enum Subscribe: String, Sendable, CaseIterable {
    /// Subscribe to audio and video.
    case audioVideo
    /// Subscribe to audio only.
    case audioOnly
    /// Do not subscribe.
    case none

    /// The media a subscription carries; empty for `none`.
    public var streams: MediaStreams {
      switch self {
      case .audioVideo: return .audioVideo
      case .audioOnly: return .audio
      case .none: return []
      }
    }
  }

  /// Answer to publish questions.
  public var publish: Publish
  /// Answer to subscribe questions.
  public var subscribe: Subscribe

  /// Creates settings; defaults publish at once and subscribe to everything.
  public init(publish: Publish = .always, subscribe: Subscribe = .audioVideo) {
    self.publish = publish
    self.subscribe = subscribe
  }
}
