import JSONKit

extension CustomerAnswer {
  /// How sure the answer is, from the verdicts it sums up (issue 29 item 3): a customer told
  /// "nobody showed old values" must also hear which observers the records cannot settle,
  /// and what would settle them. Each observer counts once: unknown when any verdict about
  /// it is unknown, a range when one depends on an SDK version nobody stated, else certain.
  public struct Certainty: Sendable, Equatable {
    /// Observers whose every verdict is certain.
    public let certain: [String]
    /// Observers with a verdict the records cannot settle.
    public let unknown: [String]
    /// Observers with a verdict that depends on an SDK version nobody stated (and none unknown).
    public let ranged: [String]
    /// What would settle the unknown ones: each reason the verdicts give, once.
    public let settledBy: [String]
    /// The `--sdk` flags that settle the ranges.
    public let flags: [String]
    /// Whether `stagemon fetch`'s manifest says every request was answered. Without it, a
    /// list-participant-events page left out that no other record contradicts is beyond any
    /// report (docs/TESTING.md, "traceless loss"): the certain verdicts are certain as far as
    /// the pages sent go, and the answer says so.
    public let vouched: Bool

    /// The observers of `stories`' sightings, sorted by how sure their verdicts are;
    /// `vouched`: a complete `stagemon fetch` manifest came with the records.
    init(_ stories: [ExchangeStory], vouched: Bool) {
      self.vouched = vouched
      var order: [String] = []
      var worst: [String: Int] = [:]
      var reasons: [String] = []
      var flags: [String] = []
      for sighting in stories.lazy.filter(\.changesMetadata).flatMap(\.sightings) {
        let rank = sighting.unsettledBy != nil ? 2 : sighting.dependsOn != nil ? 1 : 0
        if worst[sighting.observer] == nil { order.append(sighting.observer) }
        worst[sighting.observer] = max(worst[sighting.observer] ?? 0, rank)
        if let reason = sighting.unsettledBy, !reasons.contains(reason) { reasons.append(reason) }
        if let flag = sighting.dependsOn?.flag, !flags.contains(flag) { flags.append(flag) }
      }
      let ranged = order.filter { worst[$0] == 1 }
      certain = order.filter { worst[$0] == 0 }
      unknown = order.filter { worst[$0] == 2 }
      settledBy = reasons
      self.ranged = ranged
      self.flags = flags.filter { flag in ranged.contains { flag.contains(" \($0)=") } }
    }

    /// Whether any verdict summed up is not certain.
    public var isOpen: Bool { !unknown.isEmpty || !ranged.isEmpty }

    /// What "certain" rests on when no complete manifest vouches for the pages.
    public static let unvouched =
      " as far as the pages sent go (a page left out that no other record contradicts cannot"
      + " be seen; `stagemon fetch` vouches for every page)"

    /// How many reasons and observers a line names before `and N more`.
    static let named = 3

    /// `How sure: 9 observer(s) certain; 2 unknown (A, B): REASON; 1 a range …`.
    var text: String {
      func some(_ list: [String]) -> String {
        list.prefix(Self.named).joined(separator: ", ")
          + (list.count > Self.named ? " and \(list.count - Self.named) more" : "")
      }
      var parts = [
        "\(certain.count) observer(s) certain"
          + (vouched || certain.isEmpty ? "" : Self.unvouched)
      ]
      if !unknown.isEmpty {
        let more = settledBy.count > Self.named ? "; and \(settledBy.count - Self.named) more" : ""
        parts.append(
          "\(unknown.count) unknown (\(some(unknown))), until what each reason names settles it: "
            + settledBy.prefix(Self.named).joined(separator: "; ") + more)
      }
      if !ranged.isEmpty {
        parts.append(
          "\(ranged.count) a range until the SDK version is given (\(some(ranged))): "
            + flags.joined(separator: ", "))
      }
      return "How sure: " + parts.joined(separator: "; ")
    }

    /// The same as JSON.
    var json: JSON {
      func strings(_ list: [String]) -> JSON { .array(list.map { .string($0) }) }
      return .object([
        ("certain", strings(certain)), ("unknown", strings(unknown)), ("ranged", strings(ranged)),
        ("settledBy", strings(settledBy)), ("flags", strings(flags)),
        ("pagesVouched", .bool(vouched)),
      ])
    }
  }
}
