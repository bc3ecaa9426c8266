import IVSRecords
import StageEngine
import Testing

/// Publishing the records show of a participant whose token, as they show it, cannot publish
/// (the exchange that allowed it is on a page left out: soundness finding
/// 100071-divergence) is no publish step: the model's would fail with a PUBLISH_ERROR the
/// participant never had, one for each subscriber, all reported "missing in the records".
/// What the model then lacks is still reported, and a note says why.
@Suite struct UnallowedPublishImportTests {
  static let folder = "soundness/fixed/100071-divergence"

  @Test func noPublishErrorIsMadeUpAndTheSubscriptionsStillPart() throws {
    let session = try ReconnectImportTests.session(Self.folder)
    let comparison = try RecordComparison.run(session, file: Self.folder, toleranceSeconds: 5)
    let errors = comparison.entries.filter { $0.modelled?.kind == .publishError }
    #expect(errors.isEmpty, "\(errors)")
    let parted = comparison.entries.filter {
      $0.status == .missingInModel && $0.recorded?.name == "SUBSCRIBE_STARTED"
        && $0.recorded?.remoteParticipantId == "5fyRSZwubCn6"
    }
    #expect(!parted.isEmpty)
    let note = session.scenario.notes.filter {
      $0.hasPrefix("5fyRSZwubCn6: the records show it publishing")
    }
    #expect(note.count == 1, "\(session.scenario.notes)")
  }

  /// The converse (soundness finding 3009029-divergence): a PUBLISH_ERROR
  /// INSUFFICIENT_CAPABILITIES of a participant whose token, as the records show it, allows
  /// publishing (the exchange that removed it is on the page left out) is no publish step:
  /// the model's would succeed, a PUBLISH_STARTED the participant never had.
  @Test func noPublishIsMadeUpForARefusalWhoseDemotionIsMissing() throws {
    let folder = "soundness/fixed/3009029-divergence"
    let session = try ReconnectImportTests.session(folder)
    let comparison = try RecordComparison.run(session, file: folder, toleranceSeconds: 5)
    let published = comparison.entries.filter { $0.modelled?.kind == .publishStarted }
    #expect(published.isEmpty, "\(published)")
    let refused = comparison.entries.filter {
      $0.status == .missingInModel && $0.recorded?.name == "PUBLISH_ERROR"
    }
    #expect(refused.count == 1, "\(comparison.entries)")
    let note = session.scenario.notes.filter {
      $0.hasPrefix("oquNMhKZwhd5: PUBLISH_ERROR INSUFFICIENT_CAPABILITIES")
    }
    #expect(note.count == 1, "\(session.scenario.notes)")
  }
}
