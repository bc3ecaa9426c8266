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
        return "expected an event matching \(expected) \(window), but \(among)"
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
