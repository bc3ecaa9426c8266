import IVSRules
import JSONKit
import StageEngine

/// One observer's stale time over the whole session (issue 29 item 5). A sighting measures a
/// span against its own exchange's values only, so an observer that kept old values across
/// back-to-back exchanges appears as one piece per exchange; here the pieces are joined into
/// the spans the observer really showed old values for, and totalled, so a support engineer
/// reads "stale 8m40s" where the viewer was stale 8m40s. A total that hangs on an SDK version
/// nobody stated is a range, and one whose records are missing is unknown.
public struct ObserverStaleTime: Sendable {
  /// A time in which the observer showed one participant's old values, whatever exchanges
  /// came meanwhile.
  public struct Span: Sendable {
    /// Whose values it showed.
    public let participant: String
    /// When it began showing old values.
    public let from: Int64
    /// When it stopped.
    public let until: Int64
    /// Whether the observer still showed old values when the records end (a span that
    /// ends otherwise can end at a later exchange that stopped the participant publishing).
    public let stillAtEnd: Bool

    /// Its length in seconds.
    public var seconds: UInt64 { VirtualDuration.distance(from: from, to: until) }
  }

  /// How far the total can be taken as it stands.
  public enum Certainty: Sendable {
    /// The records settle it.
    case known
    /// Only if the observer's SDK, whose version nobody stated, is below its threshold;
    /// else the observer was updated at once and was never stale.
    case ifBelow(ParticipantSDK)
    /// Records that would settle it are missing: what, and how to fetch them.
    case unknown(String)
  }

  /// The observer's ID.
  public let observer: String
  /// Its SDK profile as the report states it, or `composition`.
  public let profile: String
  /// Whether it is a server-side composition.
  public let isComposition: Bool
  /// Its stale spans, by participant, in time order.
  public let spans: [Span]
  /// Seconds in which it showed some participant's old values (overlaps counted once).
  public let seconds: UInt64
  /// Whether the total is certain, a range, or unknown.
  public let certainty: Certainty
  /// The rules of the book that kept it stale (those of its stale sightings), each once.
  public let rules: [RuleID]

  /// One per observer that showed old values in `stories`, the longest first; unknown for one
  /// whose own events `session` finds missing when an exchange it has no sighting of changed
  /// what observers show (`unseenExchanges`).
  static func all(_ stories: [ExchangeStory], _ session: ImportedSession) -> [ObserverStaleTime] {
    var order: [String] = []
    var pieces: [String: [Span]] = [:]
    var first: [String: ExchangeStory.Sighting] = [:]
    var certainty: [String: Certainty] = [:]
    var rules: [String: [RuleID]] = [:]
    for story in stories {
      for sighting in story.sightings {
        let id = sighting.observer
        if let missing = sighting.unsettledBy { certainty[id] = .unknown(missing) }
        guard let stale = sighting.stale else { continue }
        if first[id] == nil {
          order.append(id)
          first[id] = sighting
        }
        if let sdk = sighting.dependsOn, certainty[id] == nil { certainty[id] = .ifBelow(sdk) }
        for rule in sighting.rules where !(rules[id] ?? []).contains(rule) {
          rules[id, default: []].append(rule)
        }
        // From `since`: the piece before it, an earlier exchange's, counts the time before.
        pieces[id, default: []].append(
          Span(
            participant: story.participant, from: stale.since, until: max(stale.since, stale.until),
            stillAtEnd: stale.end == .sessionEnded))
      }
    }
    for (id, missing) in unseenExchanges(stories, session) {
      if case .unknown? = certainty[id] { continue }
      certainty[id] = .unknown(missing)
    }
    let totals = order.compactMap { id -> ObserverStaleTime? in
      guard let sighting = first[id] else { return nil }
      let spans = joined(pieces[id] ?? [])
      return ObserverStaleTime(
        observer: id, profile: sighting.profile, isComposition: sighting.isComposition,
        spans: spans, seconds: union(spans), certainty: certainty[id] ?? .known,
        rules: rules[id] ?? [])
    }
    return totals.enumerated().sorted {
      $0.element.seconds != $1.element.seconds
        ? $0.element.seconds > $1.element.seconds : $0.offset < $1.offset
    }.map(\.element)
  }

  /// Per observer whose own events are missing (a history gap) when another participant's
  /// exchange changed what observers show, and that has no sighting of that exchange: it may
  /// have joined again on the lost events and shown the old values since, so its total is
  /// not known (finding 51002875: a LEFT followed by a LEFT, the exchange between).
  private static func unseenExchanges(_ stories: [ExchangeStory], _ session: ImportedSession)
    -> [String: String]
  {
    var missing: [String: String] = [:]
    for gap in session.historyGaps where missing[gap.participant] == nil {
      let from = gap.after.floorDivided(by: 1000)
      let to = gap.before.floorDivided(by: 1000)
      guard
        let story = stories.first(where: { story in
          story.changesMetadata && story.participant != gap.participant
            && from <= story.time && story.time <= to
            && !story.sightings.contains { $0.observer == gap.participant }
        })
      else { continue }
      missing[gap.participant] =
        "\(session.name(gap.participant))'s own events between"
        + " \(RecordTime.iso8601(milliseconds: gap.after)) and"
        + " \(RecordTime.iso8601(milliseconds: gap.before)) are missing (\(gap.evidence)): it"
        + " may have been on the stage when \(session.name(story.participant)) exchanged at"
        + " \(VirtualTime.iso8601(story.time)) (fetch its list-participant-events pages again)"
    }
    return missing
  }

  /// `pieces` with those of one participant that touch or overlap joined, by participant
  /// (in first appearance) and time.
  private static func joined(_ pieces: [Span]) -> [Span] {
    var participants: [String] = []
    for piece in pieces where !participants.contains(piece.participant) {
      participants.append(piece.participant)
    }
    var spans: [Span] = []
    for participant in participants {
      var current: Span?
      for piece in pieces.filter({ $0.participant == participant }).sorted(by: { $0.from < $1.from }
      ) {
        guard let open = current, piece.from <= open.until else {
          if let open = current { spans.append(open) }
          current = piece
          continue
        }
        current =
          piece.until >= open.until
          ? Span(
            participant: participant, from: open.from, until: piece.until,
            stillAtEnd: piece.stillAtEnd)
          : open
      }
      if let open = current { spans.append(open) }
    }
    return spans
  }

  /// Seconds covered by at least one of `spans`.
  private static func union(_ spans: [Span]) -> UInt64 {
    var total: UInt64 = 0
    var reach = Int64.min
    for span in spans.sorted(by: { $0.from < $1.from }) where span.until > reach {
      total = total &+ VirtualDuration.distance(from: max(span.from, reach), to: span.until)
      reach = span.until
    }
    return total
  }

  /// At most this many observers in the summary's sentence; the rest are counted.
  static let summaryLimit = 8

  /// `stale time by observer, all exchanges joined: carol on android@1.36.0 8m40s (guest
  /// 12:00:10Z–12:08:50Z); …`, or nothing when nobody showed old values.
  static func summaryLine(_ totals: [ObserverStaleTime], _ labels: ParticipantLabels, day: Int64)
    -> [String]
  {
    guard !totals.isEmpty else { return [] }
    var parts = totals.prefix(summaryLimit).map { $0.text(labels, day: day) }
    if totals.count > summaryLimit {
      parts.append(
        "\(totals.count - summaryLimit) more observer(s): see --json staleTimeByObserver")
    }
    return [
      "stale time by observer, back-to-back exchanges joined: " + parts.joined(separator: "; ")
    ]
  }

  /// `carol on android@1.36.0 8m40s (guest 12:00:10Z–12:08:50Z)`, a range or unknown; each
  /// participant labelled as it was when its span began.
  func text(_ labels: ParticipantLabels, day: Int64) -> String {
    let began = spans.first?.from ?? day
    let who =
      isComposition
      ? "the composition \(observer)"
      : "\(labels.name(observer, before: began)) on \(profile)"
    let spans = self.spans.map {
      "\(labels.name($0.participant, before: $0.from)) \(ExchangeStory.clock($0.from, day: day))–"
        + "\(ExchangeStory.clock($0.until, day: day))"
        + ($0.stillAtEnd ? ", still stale at the end" : "")
    }.joined(separator: ", ")
    let total =
      "\(VirtualDuration.text(seconds: seconds)) (\(spans))"
      + " [rules: \(rules.map(\.rawValue).joined(separator: ", "))]"
    switch certainty {
    case .known: return "\(who) \(total)"
    case .ifBelow(let sdk):
      return "\(who) \(total) if its SDK is below \(sdk.threshold ?? "the metadata release"), else"
        + " none (\(sdk.flag) settles it)"
    case .unknown(let missing):
      return "\(who) unknown (\(missing)); from the records there are: \(total)"
    }
  }

  /// The total for `--json`.
  var json: JSON {
    var members: [(key: String, value: JSON)] = [
      ("observer", .string(observer)), ("profile", .string(profile)),
      ("composition", .bool(isComposition)), ("seconds", .integer(Int64(clamping: seconds))),
      ("rules", .array(rules.map { .string($0.rawValue) })),
      (
        "spans",
        .array(
          spans.map {
            .object([
              ("participant", .string($0.participant)),
              ("from", .string(VirtualTime.iso8601($0.from))),
              ("until", .string(VirtualTime.iso8601($0.until))),
              ("seconds", .integer(Int64(clamping: $0.seconds))),
              ("stillStaleAtEnd", .bool($0.stillAtEnd)),
            ])
          })
      ),
    ]
    switch certainty {
    case .known: break
    case .ifBelow(let sdk):
      members.append(
        (
          "dependsOnSDK",
          .object([
            ("ifBelow", .string(sdk.threshold ?? "")), ("elseSeconds", .integer(0)),
            ("settledBy", .string(sdk.flag)),
          ])
        ))
    case .unknown(let missing): members.append(("unknownBecause", .string(missing)))
    }
    return .object(members)
  }
}
