import IVSRecords
import StageEngine

/// Participants labelled as they were at each moment the report names (issue 29 item 5): the
/// exchanging participant before and after its exchange, each observer at the exchange it
/// saw, and each stale-time span's observer and participant when the span began. Each
/// `user_id`, `role` or `name` a label states must be the value the participant really had
/// then (just before the moment, or any it took in that second); a value left out is no
/// claim (the records may not state it), so the ID alone claims nothing; one that ends `as it
/// joined` states the values of the token it joined with. Compositions are named by ID.
extension SoundnessChecker {
  static func labels(_ explanation: Explanation, _ session: GeneratedSession) -> [Violation] {
    let labels = explanation.labels
    var found: [Violation] = []
    func hold(_ claimed: String, _ id: String, at time: Int64, _ what: String) {
      guard claimed != id, let violation = label(claimed, id, at: time, what, session.truth)
      else { return }
      found.append(violation)
    }
    for story in explanation.exchanges {
      let before = ParticipantLabels.label(story.participant, story.previous)
      hold(before, story.participant, at: story.time, "the exchange at \(clock(story.time))")
      for sighting in story.sightings where !sighting.isComposition {
        hold(
          labels.name(sighting.observer, before: story.time), sighting.observer, at: story.time,
          "seeing \(story.participant)'s exchange at \(clock(story.time))")
      }
    }
    for total in explanation.staleTimes {
      if !total.isComposition, let began = total.spans.first?.from {
        hold(
          labels.name(total.observer, before: began), total.observer, at: began,
          "its stale time from \(clock(began))")
      }
      for span in total.spans {
        hold(
          labels.name(span.participant, before: span.from), span.participant, at: span.from,
          "\(total.observer)'s stale span from \(clock(span.from))")
      }
    }
    return found
  }

  /// A violation when `claimed`, `id`'s label at `time`, has values `id` did not have then.
  private static func label(
    _ claimed: String, _ id: String, at time: Int64, _ what: String, _ truth: SessionTruth
  ) -> Violation? {
    // `…, as it joined)` states the values of the token it joined with.
    let joined = claimed.hasSuffix(RecordImporter.asJoined)
    let label = joined ? claimed.dropLast(RecordImporter.asJoined.count) + ")" : claimed
    let moments = joined ? [Int64.min + 1] : [time, time + 1]
    let then =
      moments.compactMap { truth.values(of: id, before: $0) }
      + (joined ? [] : truth.values(of: id, setAt: time))
    guard !then.isEmpty, !then.contains(where: { stated(label, id, $0) }) else { return nil }
    return Violation(
      kind: .label, subject: "\(id) \(time)", claim: "\(claimed) at \(what)",
      truth:
        "it was \(then.map { ParticipantLabels.label(id, $0) }.joined(separator: ", then "))",
      basis: .label(participant: id, claimed: claimed, at: time))
  }

  /// Whether `claimed` is `id`'s label with some of `real`'s labelled values left out.
  static func stated(_ claimed: String, _ id: String, _ real: ParticipantMetadata)
    -> Bool
  {
    let keys = ["role", "name"].filter { real.attributes[$0] != nil }
    for userId in Set([real.userId, nil]) {
      for mask in 0..<(1 << keys.count) {
        var attributes: [String: String] = [:]
        for (bit, key) in keys.enumerated() where mask & (1 << bit) != 0 {
          attributes[key] = real.attributes[key]
        }
        let label = ParticipantLabels.label(
          id, ParticipantMetadata(userId: userId, attributes: attributes))
        if label == claimed { return true }
      }
    }
    return false
  }
}
