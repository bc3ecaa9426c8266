import IVSRecords

/// The soundness oracle: one seed → a generated session, the folder a customer would send,
/// degraded, explained in process, and every claim checked against the truth.
public enum Oracle {
  /// What one seed gave.
  public struct Result: Sendable {
    /// The seed.
    public let seed: UInt64
    /// The session it made.
    public let session: GeneratedSession
    /// How its folder was degraded.
    public let degradations: [Degradation]
    /// The folder explain read.
    public let folder: RenderedFolder
    /// Files explain refused (left out, the rest explained).
    public let blockers: [String]
    /// Why explain made no report, if it made none.
    public let refusal: String?
    /// The false claims.
    public let violations: [Violation]
    /// How many claims were checked: sightings of exchanges that changed what observers show.
    public let claims: Int
  }

  /// Runs seed `seed`.
  public static func run(seed: UInt64, limits: SessionGenerator.Limits = .init()) throws -> Result {
    let session = try SessionGenerator.session(seed: seed, limits: limits)
    let (folder, applied) = Degrader.degrade(
      FolderRenderer.folder(session), session: session,
      other: {
        (try? SessionGenerator.session(
          seed: seed ^ 0x07E4_5E55_1000_0003, limits: .init(participants: 2, actions: 3)))
          .map(FolderRenderer.folder)
      })
    let complete = applied.allSatisfy { [.reorder, .crlf, .bom, .utf16].contains($0) }
    let (violations, blockers, refusal, claims) = check(folder, session, complete: complete)
    return Result(
      seed: seed, session: session, degradations: applied, folder: folder, blockers: blockers,
      refusal: refusal, violations: violations, claims: claims)
  }

  /// Explains `folder` and checks it against `session`'s truth; `complete`: it is the
  /// session's whole folder, changed at most in order and encoding.
  public static func check(
    _ folder: RenderedFolder, _ session: GeneratedSession, complete: Bool = false
  ) -> (violations: [Violation], blockers: [String], refusal: String?, claims: Int) {
    switch ExplainRun.explain(folder) {
    case .explained(let explanation, let blockers):
      let claims = explanation.exchanges.filter(\.changesMetadata).reduce(0) {
        $0 + $1.sightings.count
      }
      return (
        SoundnessChecker.violations(explanation, session, complete: complete), blockers, nil,
        claims
      )
    case .refused(let reason, let blockers):
      return ([], blockers, reason, 0)
    }
  }
}
