import StageEngine

/// Participants whose SDK the records did not state (GetParticipant gave no `sdkVersion`, or
/// no `osName`/`browserName`), with where the model's profile came from — `guessed` or
/// `unknown`, as `explain` says in its `sdkSource`. The monitor marks their profile wherever
/// it shows it, so a plain `ios@1.36.0` is never taken for a fact.
public struct SDKGuesses: Sendable, Equatable {
  /// The source word by participant ID.
  public var sources: [String: String]

  /// Guesses by participant ID (`guessed` or `unknown`).
  public init(_ sources: [String: String] = [:]) { self.sources = sources }

  /// The mark after a guessed profile.
  public static let mark = "?"

  /// The source word of a participant the records say nothing of the SDK of.
  public static let unknown = "unknown"

  /// `ios@1.36.0?` when `id`'s SDK was guessed from part of what GetParticipant says,
  /// `unknown` when nothing states it (its GetParticipant not read yet, or empty): never a
  /// profile the records do not name. Else the profile as it is.
  public func profile(_ sdk: SDKProfile, of id: String) -> String {
    switch sources[id] {
    case nil: return sdk.description
    case Self.unknown?: return Self.unknown
    case _?: return sdk.description + Self.mark
    }
  }

  /// "SDK guessed? — the records do not state it; give --sdk ID=P@V", or nil; for an unknown
  /// SDK, the profile the model assumes meanwhile.
  public func explanation(of id: String, assumed sdk: SDKProfile) -> String? {
    sources[id].map {
      let assumed = $0 == Self.unknown ? "unknown (the model assumes \(sdk))" : "\($0)\(Self.mark)"
      return "SDK \(assumed) — the records do not state it; give --sdk \(id)=PLATFORM@VERSION"
    }
  }
}
