import IVSRecords
import StageEngine
import Testing

/// A "publish?" answered yes whose PUBLISH_STARTED the records show in a later second than the
/// question (soundness finding 3014300-divergence): the model, taking the app to publish
/// whenever asked (`always`), published at the question, before the records did, and a
/// subscriber that left and joined again between had a subscription to it nobody had. The
/// answer is stepped when the records show the publish (`ask`, the question pending till
/// then); an app whose every yes published in its question's second keeps `always`.
@Suite struct LateAnswerImportTests {
  /// The virtual seconds at which each of `id`'s steps matching `matches` is taken.
  static func seconds(
    of id: String, in session: ImportedSession, where matches: (ScenarioStep) -> Bool
  ) -> [Int64] {
    var clock: Int64 = 0
    var found: [Int64] = []
    for step in session.scenario.steps {
      if case .advance(let duration) = step { clock += duration.seconds }
      if step.participant == id, matches(step) { found.append(clock) }
    }
    return found
  }

  @Test func aYesPublishedInALaterSecondIsAnsweredThen() throws {
    let folder = "soundness/fixed/3014300-divergence"
    let session = try ReconnectImportTests.session(folder)
    let id = "YaDtRc9xumuz"
    let strategy = session.scenario.participants.first { $0.id == id }?.strategy.publish
    #expect(strategy == .ask)
    let exchanged = Self.seconds(of: id, in: session) {
      if case .exchange = $0 { return true } else { return false }
    }
    let answered = Self.seconds(of: id, in: session) {
      if case .answer(_, publish: true, _) = $0 { return true } else { return false }
    }
    // Promoted at 19:18:01, published at 19:18:03.
    #expect(answered.count == 1 && exchanged.contains { $0 + 2 == answered.first })
    let comparison = try RecordComparison.run(session, file: folder, toleranceSeconds: 5)
    #expect(comparison.isReproduced, "\(comparison.entries.filter { $0.status != .reproduced })")
  }

  @Test func aYesInTheQuestionsSecondKeepsAlways() throws {
    let session = try ReconnectImportTests.session("soundness/fixed/232157-divergence")
    let strategy = session.scenario.participants.first { $0.id == "hj3wg6CMRU8o" }?.strategy
    #expect(strategy?.publish == .always)
  }
}
