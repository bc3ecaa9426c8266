import IVSRules
import TokenCore

/// Checking participant, belief and composition expectations against the
/// stage as it is now. Reads the model only; never emits or changes anything.
extension Stage {
  func verdict(_ expectation: ParticipantExpectation) -> ExpectationVerdict {
    var verdict = ExpectationVerdict()
    guard let slot = slotByID[expectation.participant] else { return verdict }
    let snapshot = participantSnapshot(slot)
    let id = expectation.participant
    if let connection = expectation.connection {
      verdict.check(
        snapshot.connection == connection, expected: connection.rawValue,
        actual: snapshot.connection.rawValue
      ) { "expected \(id) to be \($0), but it is \($1)" }
    }
    if let publish = expectation.publish {
      verdict.check(
        snapshot.publish == publish, expected: publish.rawValue, actual: snapshot.publish.rawValue
      ) { "expected \(id) to be \($0), but it is \($1)" }
    }
    for (publisher, state) in expectation.subscribe {
      let actual =
        snapshot.remotes.first { $0.participant == publisher }?.subscribe ?? .notSubscribed
      verdict.check(actual == state, expected: state.rawValue, actual: actual.rawValue) {
        "expected \(id) to be \($0) to \(publisher), but it is \($1)"
      }
    }
    checkToken(expectation, snapshot, into: &verdict)
    return verdict
  }

  private func checkToken(
    _ expectation: ParticipantExpectation, _ snapshot: ParticipantSnapshot,
    into verdict: inout ExpectationVerdict
  ) {
    let id = expectation.participant
    if let capabilities = expectation.capabilities {
      verdict.check(
        snapshot.capabilities == capabilities,
        expected: ExpectationText.capabilities(capabilities.names),
        actual: ExpectationText.capabilities(snapshot.capabilities.names)
      ) { "expected \(id) to have capabilities \($0), but it has \($1)" }
    }
    let metadata = snapshot.metadata ?? ParticipantMetadata(userId: nil, attributes: [:])
    if let userId = expectation.userId {
      verdict.check(
        metadata.userId == userId, expected: ExpectationText.userId(userId),
        actual: ExpectationText.userId(metadata.userId)
      ) { _, actual in
        "expected \(id) to have \(userId == nil ? "" : "userId ")\(ExpectationText.userId(userId)), "
          + "but it has \(actual)"
      }
    }
    if let attributes = expectation.attributes {
      verdict.check(
        ExpectationText.includes(metadata.attributes, attributes),
        expected: ExpectationText.attributes(attributes),
        actual: ExpectationText.attributes(metadata.attributes)
      ) { "expected \(id) to have attributes \($0), but it has \($1)" }
    }
    if let expires = expectation.tokenExpires {
      let actual = snapshot.token?.expirationTime
      verdict.check(
        actual == expires, expected: VirtualTime.iso8601(expires),
        actual: actual.map(VirtualTime.iso8601) ?? "no token"
      ) { expected, actual in
        snapshot.token == nil
          ? "expected \(id)'s token to expire at \(expected), but it has no token"
          : "expected \(id)'s token to expire at \(expected), but it expires at \(actual)"
      }
    }
  }

  func verdict(_ expectation: BeliefExpectation) -> ExpectationVerdict {
    var verdict = ExpectationVerdict()
    let (observer, publisher) = (expectation.observer, expectation.participant)
    let views: [RemoteViewSnapshot]
    if let slot = slotByID[observer] {
      views = participantSnapshot(slot).remotes
    } else if let state = compositions.first(where: { $0.id == observer }) {
      views = compositionSnapshot(state).believed
    } else {
      views = []
    }
    let view = views.first { $0.participant == publisher }
    verdict.rules = beliefRules(observer: observer, view: view)
    let standing = view.map {
      "\($0.isStale ? "stale" : "current") (\(ExpectationText.metadata($0.believed)))"
    }
    let unseen = "it does not see \(publisher)"
    if let expected = expectation.view {
      let actualView: BeliefExpectation.View =
        view.map { $0.isStale ? .stale : .current } ?? .unseen
      verdict.check(
        actualView == expected, expected: expected.rawValue, actual: standing ?? "unseen"
      ) { expectedText, actualText in
        switch (expected, view) {
        case (.unseen, _):
          return "expected \(observer) not to see \(publisher), but it is \(actualText)"
        case (_, nil):
          return "expected \(observer) to see \(publisher) as \(expectedText), but \(unseen)"
        default:
          return
            "expected \(observer) to see \(publisher) as \(expectedText), but it is \(actualText)"
        }
      }
    }
    if let userId = expectation.userId {
      verdict.check(
        view?.believed.userId == userId && view != nil, expected: ExpectationText.userId(userId),
        actual: view.map { ExpectationText.userId($0.believed.userId) } ?? "unseen"
      ) { expectedText, actualText in
        "expected \(observer) to believe \(publisher)'s userId is \(expectedText), but "
          + (view == nil ? unseen : "it believes \(actualText)")
      }
    }
    if let attributes = expectation.attributes {
      verdict.check(
        view.map { ExpectationText.includes($0.believed.attributes, attributes) } ?? false,
        expected: ExpectationText.attributes(attributes),
        actual: view.map { ExpectationText.attributes($0.believed.attributes) } ?? "unseen"
      ) { expectedText, actualText in
        "expected \(observer) to believe \(publisher)'s attributes include \(expectedText), but "
          + (view == nil ? unseen : "it believes \(actualText)")
      }
    }
    return verdict
  }

  /// The rules behind what `observer` believes of a publisher it sees as `view` (nil: unseen).
  private func beliefRules(observer: String, view: RemoteViewSnapshot?) -> [RuleID] {
    guard let view else { return [.visibilityPublishersOnly] }
    if let rule = view.staleRule { return [rule] }
    if let slot = slotByID[observer] { return [clients[slot].sdkRules.hasMetadataEvent.rule] }
    return compositions.first { $0.id == observer }.map { [$0.updates.rule] } ?? []
  }

  func verdict(_ expectation: CompositionExpectation) -> ExpectationVerdict {
    var verdict = ExpectationVerdict()
    if let state = compositions.first(where: { $0.id == expectation.id }) {
      verdict.rules = [state.updates.rule]
    }
    let slots = compositions.first { $0.id == expectation.id }?.slots
    let none = "composition \(expectation.id) is not running"
    if let expected = expectation.slots {
      verdict.check(
        slots == expected, expected: ExpectationText.slots(expected),
        actual: slots.map(ExpectationText.slots) ?? "no composition"
      ) { expectedText, actualText in
        "expected the composition's slots to be \(expectedText), but "
          + (slots == nil ? none : "they are \(actualText)")
      }
    }
    for (role, expected) in [
      (CompositionSlot.Role.featured, expectation.featured), (.pip, expectation.pip),
    ] {
      guard let expected else { continue }
      let holder = slots?.first { $0.role == role }?.participant
      verdict.check(
        slots != nil && holder == expected, expected: expected ?? "empty",
        actual: slots == nil ? "no composition" : holder ?? "empty"
      ) { expectedText, actualText in
        let want =
          expected.map { "expected \($0) in the composition's \(role.rawValue) slot" }
          ?? "expected the composition's \(role.rawValue) slot to be empty"
        let found = slots == nil ? none : holder.map { "it holds \($0)" } ?? "it is empty"
        return "\(want), but \(found)"
      }
    }
    return verdict
  }
}
