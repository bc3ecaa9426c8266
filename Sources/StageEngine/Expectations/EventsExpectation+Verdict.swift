import JSONKit

/// Checking an `events` expectation against the events of the previous
/// non-expect step, each given as the JSON object the stream writes for it.
extension EventsExpectation {
  func verdict(events: [JSON], since step: String?) -> ExpectationVerdict {
    var verdict = ExpectationVerdict()
    let window = step.map { "after \($0)" } ?? "before the first step"
    let among = "none of its \(events.count) events matched"
    var cursor = 0
    var previous: EventPattern?
    for pattern in includes {
      let start = inOrder ? cursor : 0
      let found = events[start...].firstIndex(where: pattern.matches)
      let earlier = found == nil && start > 0 && events[..<start].contains(where: pattern.matches)
      verdict.check(found != nil, expected: pattern.text, actual: earlier ? "only earlier" : among)
      {
        expected, _ in
        if earlier, let previous {
          return "expected an event matching \(expected) after the one matching \(previous.text) "
            + "(inOrder) \(window), but it matched only before it"
        }
        let nearest = pattern.nearest(in: events[start...]).map { "; \($0)" } ?? ""
        return "expected an event matching \(expected) \(window), but \(among)\(nearest)"
      }
      if let found { cursor = found + 1 }
      previous = pattern
    }
    for pattern in excludes {
      let found = events.first(where: pattern.matches)
      verdict.check(
        found == nil, expected: "no \(pattern.text)", actual: found.map(JSONWriter.compact) ?? ""
      ) { _, actual in
        "expected no event matching \(pattern.text) \(window), but found \(actual)"
      }
    }
    return verdict
  }
}

extension EventPattern {
  /// The event that comes closest to matching (most of the pattern's fields equal; the first
  /// of equals), with the fields that differ: `nearest: {…}: state: expected "disconnected",
  /// found "connected"` — so a failure shows what almost matched instead of only a count.
  func nearest(in events: ArraySlice<JSON>) -> String? {
    guard let fields = json.objectValue else { return nil }
    var best: (event: JSON, score: Int)?
    for event in events {
      let score = fields.count { Self.field($0, matches: event) }
      if best.map({ score > $0.score }) ?? true { best = (event, score) }
    }
    guard let best, best.score > 0 else { return nil }
    let differences = fields.filter { !Self.field($0, matches: best.event) }
      .map { field in
        let found = best.event[field.key].map(JSONWriter.compact) ?? "nothing"
        return "\(field.key): expected \(JSONWriter.compact(field.value)), found \(found)"
      }
    return "nearest: \(JSONWriter.compact(best.event)): " + differences.joined(separator: "; ")
  }

  /// Whether `event` matches the one pattern field `member`.
  private static func field(_ member: (key: String, value: JSON), matches event: JSON) -> Bool {
    EventPattern(json: .object([member])).matches(event)
  }
}
