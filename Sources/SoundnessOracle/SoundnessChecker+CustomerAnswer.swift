import IVSRecords
import StageEngine

/// "For the customer" against the truth and against the verdicts it sums up: each cause's
/// observers really on the platform and below the release it names and really stale; and
/// no statement certain where the verdicts it sums up are not (issue 29 item 3): "nobody
/// showed old values" after an exchange is false when the truth has an observer the records
/// show stale after it, and false certainty when any verdict of that exchange is unknown or
/// a range.
extension SoundnessChecker {
  /// The releases that brought the metadata event, by the platform word "For the customer"
  /// uses.
  static let thresholds: [(word: String, platform: SDKProfile.Platform, release: String)] = [
    ("Web SDK below ", .web, "1.33.0"), ("iOS SDK below ", .ios, "1.37.0"),
    ("Android SDK below ", .android, "1.37.0"),
  ]

  /// Each cause's observers: on the platform it names, below the release it names, and
  /// stale at some time in the truth.
  static func customerAnswer(_ explanation: Explanation, _ session: GeneratedSession)
    -> [Violation]
  {
    var found: [Violation] = []
    for cause in explanation.forCustomer.causes {
      guard let group = thresholds.first(where: { cause.text.contains($0.word + $0.release) }),
        let open = cause.text.firstIndex(of: "("),
        let close = cause.text[open...].firstIndex(of: ")")
      else { continue }
      let names = cause.text[cause.text.index(after: open)..<close].components(separatedBy: "; ")
      for name in names {
        guard let participant = session.participants.first(where: { name.hasPrefix($0.id) })
        else { continue }
        let release = SemanticVersion(parsing: group.release)
        let onIt =
          participant.sdk.platform == group.platform
          && release.map { participant.sdk.version < $0 } ?? false
        let stale = session.truth.spans.contains { $0.observer == participant.id }
        guard !onIt || !stale else { continue }
        found.append(
          Violation(
            kind: .customerAnswer, subject: participant.id,
            claim: "For the customer: \(participant.id) is among "
              + "\(group.word)\(group.release) who kept showing old values",
            truth: "\(participant.id) ran \(participant.sdk)"
              + (stale ? "" : " and never showed stale values")))
      }
    }
    return found
  }

  /// The words that state no observer of an exchange showed old values.
  static let nobodyStale = "nobody showed old values"

  /// Each `expected` statement that nobody showed an exchange's old values, held to that
  /// exchange's verdicts and to the truth.
  static func certainty(_ explanation: Explanation, _ session: GeneratedSession) -> [Violation] {
    certainty(of: explanation.forCustomer.expected.map(\.text), explanation, session)
  }

  /// `statements` (the `expected` ones) held to `explanation`'s verdicts and to the truth.
  static func certainty(
    of statements: [String], _ explanation: Explanation, _ session: GeneratedSession
  ) -> [Violation] {
    let statements = statements.filter { $0.contains(nobodyStale) }
    guard !statements.isEmpty else { return [] }
    let known = Set(explanation.session.sdks.map(\.id))
    var found: [Violation] = []
    for story in explanation.exchanges where story.changesMetadata {
      let exchanged = " exchanged at \(clock(story.time)) "
      guard
        let statement = statements.first(where: {
          $0.hasPrefix(story.participant) && $0.contains(exchanged)
        })
      else { continue }
      let subject = "\(story.participant) \(story.time)"
      let claim = "For the customer: \(statement.prefix { $0 != ";" })"
      let open = story.sightings.filter { $0.unsettledBy != nil || $0.dependsOn != nil }
      if !open.isEmpty {
        found.append(
          Violation(
            kind: .customerAnswer, subject: subject, claim: claim,
            truth: "\(open.count) of its \(story.sightings.count) verdicts are unknown or a range"
              + " (\(open.map(\.observer).joined(separator: ", ")))"))
      }
      guard
        let exchange = session.truth.exchanges.first(where: {
          $0.participant == story.participant && abs($0.time - story.time) <= slack
            && $0.metadata == story.truth
        })
      else { continue }
      let window = session.truth.window(of: exchange)
      let stale = session.truth.spans.filter {
        $0.participant == story.participant && !$0.isComposition && known.contains($0.observer)
          && session.truth.staleSeconds($0.observer, $0.participant, in: window) > slack
      }
      guard !stale.isEmpty else { continue }
      found.append(
        Violation(
          kind: .customerAnswer, subject: subject, claim: claim,
          truth: "\(Set(stale.map(\.observer)).sorted().joined(separator: ", ")) showed old values")
      )
    }
    return found
  }
}
