import JSONKit
import StageEngine

/// A sighting for `stagemon explain --json`: the verdict, its times and cause as fields a
/// script can test, beside the same words the text report prints.
extension ExchangeStory.Sighting {
  /// `{"observer", "profile", "composition", "saw", "rules", "at", "event", "cause", "stale",
  /// "dependsOnSDK", "unknownBecause", "staleBounds", "note", "text"}`; absent fields are left
  /// out.
  public var json: JSON {
    var members: [(key: String, value: JSON)] = [
      ("observer", .string(observer)), ("profile", .string(profile)),
      ("composition", .bool(isComposition)), ("saw", .string(verdict.rawValue)),
      ("rules", .array(rules.map { .string($0.rawValue) })),
    ]
    if let at = toldClock(day: nil) { members.append(("at", .string(at))) }
    if let event { members.append(("event", .string(event))) }
    if let cause { members.append(("cause", .string(cause.rawValue))) }
    if let stale { members.append(("stale", Self.json(stale))) }
    if let sdk = dependsOn, let threshold = sdk.threshold {
      members.append(
        (
          "dependsOnSDK",
          .object([
            ("ifBelow", .string(threshold)), ("thenStale", .bool(stale != nil)),
            ("elseSaw", .string(Verdict.atOnce.rawValue)), ("settledBy", .string(sdk.flag)),
          ])
        ))
    }
    if let missing = unsettledBy { members.append(("unknownBecause", .string(missing))) }
    if let bounds = staleBounds {
      var allowed: [(key: String, value: JSON)] = [
        ("atLeastSeconds", .integer(Int64(clamping: bounds.atLeast)))
      ]
      if let most = bounds.atMost {
        allowed.append(("atMostSeconds", .integer(Int64(clamping: most))))
      }
      members.append(("staleBounds", .object(allowed)))
    }
    if let note = webEventNote { members.append(("note", .string(note))) }
    members.append(("text", .string(text)))
    return .object(members)
  }

  private static func json(_ stale: Staleness) -> JSON {
    var believed: [(key: String, value: JSON)] = []
    if let userId = stale.believed.userId { believed.append(("userId", .string(userId))) }
    believed.append(
      (
        "attributes",
        .object(
          stale.believed.attributes.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
      ))
    return .object([
      ("from", .string(VirtualTime.iso8601(stale.from))),
      ("since", .string(VirtualTime.iso8601(stale.since))),
      ("until", .string(VirtualTime.iso8601(stale.until))),
      ("seconds", .integer(Int64(clamping: stale.seconds))),
      ("totalSeconds", .integer(Int64(clamping: stale.totalSeconds))),
      ("ended", .string(stale.end.rawValue)),
      ("believed", .object(believed)),
      ("reason", .string(stale.reason)),
    ])
  }
}
