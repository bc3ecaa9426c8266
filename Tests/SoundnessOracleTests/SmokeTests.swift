import SoundnessOracle
import Testing

/// CI's fixed-seed smoke of the soundness oracle (docs/TESTING.md): sessions generated from
/// fixed seeds, rendered, degraded, explained in process and every claim checked. Sized to
/// stay under a minute in a debug build on a loaded machine; `scripts/soundness` runs longer.
@Suite struct SmokeTests {
  static let seeds = UInt64(1)...UInt64(40)
  static let limits = SessionGenerator.Limits(participants: 12, actions: 30)

  /// Violations found and not fixed yet, by seed: each must still occur (a known issue that
  /// stops occurring fails the test, so the entry is removed with the fix, its minimised
  /// folder kept in `Tests/Fixtures/soundness/fixed/`), and any other violation fails the
  /// test. A traceless loss (`TracelessLoss`) is counted apart by the oracle, not here.
  static let open: [UInt64: Set<Violation.Kind>] = [:]

  @Test func everyClaimOfTheFixedSeedsIsSound() throws {
    var explained = 0
    for seed in Self.seeds {
      let result = try Oracle.run(seed: seed, limits: Self.limits)
      if result.refusal == nil { explained += 1 }
      let known = Self.open[seed] ?? []
      let label = "seed \(seed) [\(result.degradations.map(\.rawValue).joined(separator: ","))]"
      for violation in result.violations where !known.contains(violation.kind) {
        Issue.record("\(label): \(violation)")
      }
      for kind in known.sorted(by: { $0.rawValue < $1.rawValue }) {
        withKnownIssue("\(label): open \(kind.rawValue) (oracle-findings)") {
          for violation in result.violations where violation.kind == kind {
            Issue.record("\(label): \(violation)")
          }
        }
      }
    }
    // Most folders are explained (a folder that lost every events file is refused).
    #expect(explained >= Self.seeds.count * 3 / 4)
  }
}
