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

  /// `ios@1.36.0?` when `id`'s SDK was guessed, else the profile as it is.
  public func profile(_ sdk: SDKProfile, of id: String) -> String {
    sources[id] == nil ? sdk.description : sdk.description + Self.mark
  }

  /// "SDK guessed (unknown): GetParticipant gave no sdkVersion — give --sdk ID=P@V", or nil.
  public func explanation(of id: String) -> String? {
    sources[id].map {
      "SDK \($0)\(Self.mark) — the records do not state it; give --sdk \(id)=PLATFORM@VERSION"
    }
  }
}
