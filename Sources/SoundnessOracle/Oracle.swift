import IVSRecords
import StageEngine

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
    /// The false claims (traceless ones apart).
    public let violations: [Violation]
    /// The false claims a page left out made with no trace in the folder
    /// (`TracelessLoss`): counted apart, not as faults.
    public let traceless: [Violation]
    /// How many claims were checked: sightings of exchanges that changed what observers show.
    public let claims: Int
  }

  /// Runs seed `seed`.
  public static func run(seed: UInt64, limits: SessionGenerator.Limits = .init()) throws -> Result {
    let session = try SessionGenerator.session(seed: seed, limits: limits)
    let whole = FolderRenderer.folder(session)
    let (folder, applied) = Degrader.degrade(
      whole, session: session,
      other: {
        (try? SessionGenerator.session(
          seed: seed ^ 0x07E4_5E55_1000_0003, limits: .init(participants: 2, actions: 3)))
          .map(FolderRenderer.folder)
      })
    let complete = applied.allSatisfy { [.reorder, .crlf, .bom, .utf16].contains($0) }
    let checked = check(folder, session, complete: complete) {
      TracelessLoss.leftOut(whole, folder, session)
    }
    return Result(
      seed: seed, session: session, degradations: applied, folder: folder,
      blockers: checked.blockers, refusal: checked.refusal, violations: checked.violations,
      traceless: checked.traceless, claims: checked.claims)
  }

  /// What explaining one folder and checking its claims gave.
  public struct Checked: Sendable {
    /// The false claims, traceless ones apart.
    public var violations: [Violation] = []
    /// The false claims a page left out made with no trace (`TracelessLoss`).
    public var traceless: [Violation] = []
    /// Files explain refused (left out, the rest explained).
    public var blockers: [String] = []
    /// Why explain made no report, if it made none.
    public var refusal: String?
    /// How many sightings were checked.
    public var claims = 0
  }

  /// Explains `folder` and checks it against `session`'s truth; `complete`: it is the
  /// session's whole folder, changed at most in order and encoding; `leftOut`: the model's
  /// events on the pages the folder lacks (asked only when a claim is false), whose losses
  /// are told apart as traceless.
  public static func check(
    _ folder: RenderedFolder, _ session: GeneratedSession, complete: Bool = false,
    leftOut: () -> [StageEvent] = { [] }
  ) -> Checked {
    switch ExplainRun.explain(folder) {
    case .explained(let explanation, let blockers):
      var checked = Checked(blockers: blockers)
      checked.claims = explanation.exchanges.filter(\.changesMetadata).reduce(0) {
        $0 + $1.sightings.count
      }
      let found = SoundnessChecker.violations(explanation, session, complete: complete)
      let lost = found.isEmpty ? [] : leftOut()
      for violation in found {
        if !lost.isEmpty, TracelessLoss.isTraceless(violation, explanation, session, leftOut: lost)
        {
          checked.traceless.append(violation)
        } else {
          checked.violations.append(violation)
        }
      }
      let derived = TracelessLoss.derived(
        checked.violations, of: checked.traceless, explanation, session, complete: complete)
      checked.violations.removeAll { derived.contains($0) }
      checked.traceless += derived
      let unseen = TracelessLoss.unseen(
        checked.violations, explanation, session, leftOut: lost, complete: complete)
      checked.violations.removeAll { unseen.contains($0) }
      checked.traceless += unseen
      return checked
    case .refused(let reason, let blockers):
      return Checked(blockers: blockers, refusal: reason)
    }
  }
}
