import Foundation
import SoundnessOracle

/// `stagemon-bench soundness`: issue 29's oracle rate, the same fixed seeds (1…240, the
/// default limits: 2–40 participants, up to 60 actions) generated, rendered, degraded,
/// explained in process and checked, as sessions a minute; beside it, generating and
/// rendering alone (the part that is not `explain`).
enum SoundnessBenchmark {
  static let target = 1_000.0
  static let seeds = UInt64(1)...UInt64(240)

  static func run() throws -> Bool {
    var violations = 0
    let whole = try time {
      for seed in seeds { violations += try Oracle.run(seed: seed).violations.count }
    }
    let generation = try time {
      for seed in seeds { _ = FolderRenderer.folder(try SessionGenerator.session(seed: seed)) }
    }
    let rate = Double(seeds.count) / whole * 60
    let generated = Double(seeds.count) / generation * 60
    BenchmarkHarness.report(
      "soundness oracle (generate…check), seeds 1–240", String(format: "%.0f sessions/min", rate),
      target: "≥ 1,000/min", met: rate >= target)
    print(
      String(
        format: "  generating and rendering alone: %.0f sessions/min (%.0f%% of the time); "
          + "%d violations found", generated, generation / whole * 100, violations))
    return rate >= target
  }

  private static func time(_ body: () throws -> Void) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
