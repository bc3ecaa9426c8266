import StageEngine

/// Each participant as it was at a moment of the session (issue 29 item 5): its user ID and
/// `role`/`name` attribute from the token it held then, as its exchanges tell, so an exchange
/// that made a viewer a co-host is not labelled with the token the participant ended the
/// session with. Where some of its own events are missing (a page left out) an exchange among
/// them may have changed what it held: from there until one of its exchanges names what it
/// held, it is labelled by its ID alone. Public so a checker can hold each label to the truth.
public struct ParticipantLabels: Sendable {
  /// One exchange's effect on a label.
  private struct Change: Sendable {
    let time: Int64
    let before: String
    let after: String
  }

  /// Seconds (both ends included) in which some of a participant's own events are missing.
  struct Unseen: Sendable, Hashable {
    let from: Int64
    let to: Int64

    /// The stretch in words: "before T", "after T" or "between T and U".
    var text: String {
      from == .min
        ? "before \(VirtualTime.iso8601(to))"
        : to == .max
          ? "after \(VirtualTime.iso8601(from))"
          : "between \(VirtualTime.iso8601(from)) and \(VirtualTime.iso8601(to))"
    }
  }

  /// Per participant, its exchanges' labels in time order.
  private let changes: [String: [Change]]
  /// Per participant, where its own events are missing: before a page whose `nextToken` no
  /// input answers, a `HistoryGap`, after its last event when it ends without the `LEFT`
  /// get-participant implies, around an event of its own the model has and its records lack.
  private let unseen: [String: [Unseen]]
  /// Those of `unseen` around events of its own the model has and its records lack.
  private let unrecorded: [String: [Unseen]]
  private let session: ImportedSession

  init(_ stories: [ExchangeStory], _ session: ImportedSession, _ comparison: RecordComparison) {
    var changes: [String: [Change]] = [:]
    for story in stories {
      changes[story.participant, default: []].append(
        Change(
          time: story.time, before: RecordImporter.label(story.participant, story.previous),
          after: RecordImporter.label(story.participant, story.truth)))
    }
    var unseen: [String: [Unseen]] = [:]
    for page in session.unansweredPages {
      unseen[page.participant, default: []].append(
        Unseen(from: .min, to: page.before.floorDivided(by: 1000)))
    }
    for gap in session.historyGaps {
      unseen[gap.participant, default: []].append(
        Unseen(from: gap.after.floorDivided(by: 1000), to: gap.before.floorDivided(by: 1000)))
    }
    for (id, last) in session.endsUnrecorded {
      unseen[id, default: []].append(Unseen(from: last, to: .max))
    }
    let unrecorded = Self.unrecorded(comparison.entries.unrecorded, session)
    for (id, spans) in unrecorded {
      unseen[id, default: []] += spans
    }
    self.changes = changes
    self.unseen = unseen
    self.unrecorded = unrecorded.mapValues { $0.sorted { $0.from < $1.from } }
    self.session = session
  }

  /// Where the model has a participant's own events that its records lack (findings 2022056,
  /// 2025039, 2031653, 2031998 and 3011905-label): a page of its own was left out, its newest or one
  /// whose neighbours are consistent (its exchanges among it), so its events are missing from
  /// the last own event it has before each such one to the first after (the end when none
  /// follows: get-participant's `CONNECTED` does not tell a lost newest page). Only for
  /// participants with own events among the inputs (one without is labelled as it joined),
  /// and a subscription only to a publisher with its own among them too: where the model
  /// infers when a publisher published, a subscription it adds may be the inference's.
  static func unrecorded(
    _ events: [RecordComparison.ModelledEvent], _ session: ImportedSession
  ) -> [String: Set<Unseen>] {
    var times: [String: [Int64]] = [:]
    for event in events
    where session.covered.contains(event.participant)
      && event.remoteParticipantId.map(session.covered.contains) != false
    {
      times[event.participant, default: []].append(event.time)
    }
    guard !times.isEmpty else { return [:] }
    var own: [String: [Int64]] = [:]
    // By index: a loop variable would copy every event.
    for index in session.recorded.indices
    where !session.recorded[index].viaEventBridge
      && times[session.recorded[index].participantId] != nil
    {
      own[session.recorded[index].participantId, default: []].append(
        session.recorded[index].second)
    }
    return times.reduce(into: [:]) { spans, entry in
      // One walk through both, oldest first.
      let seconds = (own[entry.key] ?? []).sorted()
      var before = seconds.startIndex  // past the own events before `time`
      for time in entry.value.sorted() {
        while before < seconds.endIndex, seconds[before] < time { before += 1 }
        var after = before  // at the first own event after `time`
        while after < seconds.endIndex, seconds[after] == time { after += 1 }
        spans[entry.key, default: []].insert(
          Unseen(
            from: before > seconds.startIndex ? seconds[before - 1] : .min,
            to: after < seconds.endIndex ? seconds[after] : .max))
      }
    }
  }

  /// One sentence per participant whose own events the model has and its records lack, that
  /// no line of `told` names already: its own events there are missing, exchanges among them
  /// too (findings 20019469, 20027188: a page left out between two consistent others, told by
  /// the subscriptions the model has of it, not by any record that contradicts another).
  func unrecordedLines(besides told: [String]) -> [String] {
    unrecorded.keys.sorted().compactMap { id in
      // Not besides a line that names it for another reason (an SDK not stated: finding
      // 40003896).
      guard let spans = unrecorded[id], !spans.isEmpty,
        !told.contains(where: { $0.contains(id) && $0.contains("'s own events") })
      else { return nil }
      let stretches = spans.prefix(3).map(\.text)
      return "\(session.name(id))'s own events \(stretches.joined(separator: ", "))"
        + (spans.count > 3 ? " and \(spans.count - 3) more stretch(es)" : "")
        + " are missing: the model has events of its own there that its records lack (MISSING IN"
        + " RECORDS below; a page left out? fetch its list-participant-events pages again), so"
        + " exchanges it made then are not in this report"
    }
  }

  /// `id` as it was before second `time`: as its last exchange before then left it, or as
  /// its next exchange found it, whichever no missing events of its own lie between (an
  /// exchange may be among them: findings 1082, 24679 and 24824-label). With no exchange
  /// before then, the next one's values hold only where get-participant's token it joined
  /// with agrees (else an exchange before that one is missing, when is not known: finding
  /// 25200-label), and the token it joined with only before any missing events. The ID alone
  /// when none of these holds.
  public func name(_ id: String, before time: Int64) -> String {
    let mine = changes[id] ?? []
    let gaps = unseen[id] ?? []
    /// Whether events missing between seconds `from` and `to` may have changed `id`.
    func blind(after from: Int64, before to: Int64) -> Bool {
      gaps.contains { $0.to > from && $0.from < to }
    }
    let last = mine.last { $0.time < time }
    if let last, !blind(after: last.time, before: time) { return last.after }
    let joined = session.joinedAs[id]
    if let next = mine.first(where: { $0.time >= time }), !blind(after: time, before: next.time) {
      return last != nil || (joined ?? next.before) == next.before ? next.before : id
    }
    guard last == nil, !blind(after: .min, before: time) else { return id }
    return mine.isEmpty ? session.name(id) : joined ?? id
  }

  /// `story`'s participant as the exchange found it, and what it made it when that differs:
  /// `cT9rB4nY7eJs (jonas, role=viewer) → cT9rB4nY7eJs (jonas, role=cohost)`.
  public func exchanging(_ story: ExchangeStory) -> String {
    let before = RecordImporter.label(story.participant, story.previous)
    let after = RecordImporter.label(story.participant, story.truth)
    return before == after ? before : "\(before) → \(after)"
  }

  /// `id (userId, role=…, name=…)` with the values of `metadata`, or `id` when it has none:
  /// the form every label takes.
  public static func label(_ id: String, _ metadata: ParticipantMetadata) -> String {
    RecordImporter.label(id, metadata)
  }

  /// `story`'s participant as the exchange left it.
  func after(_ story: ExchangeStory) -> String {
    RecordImporter.label(story.participant, story.truth)
  }
}
