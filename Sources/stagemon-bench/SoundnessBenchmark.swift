import Foundation
import SoundnessOracle

/// `stagemon-bench soundness`: issue 29's oracle rate. The same fixed seeds (1…240, the
/// default limits: 2–40 participants, up to 60 actions) generated, rendered, degraded,
/// explained in process and checked, on every core as `scripts/soundness` runs them, as
/// sessions a minute by the wall clock and by processor time (the machine's cores × 60 s ÷
/// the processor seconds a session took: what the cores give when nothing else runs, which
/// a loaded machine's wall clock cannot show); beside it, generating and rendering alone.
enum SoundnessBenchmark {
  static let target = 1_000.0
  static let seeds = Array(UInt64(1)...UInt64(240))

  static func run() throws -> Bool {
    var violations = 0
    let cpuBefore = processorSeconds()
    let whole = time { violations = Oracle.run(seeds: seeds).reduce(0) { $0 + Self.count($1) } }
    let cpu = processorSeconds() - cpuBefore
    let generationBefore = processorSeconds()
    let generation = try time {
      for seed in seeds { _ = FolderRenderer.folder(try SessionGenerator.session(seed: seed)) }
    }
    let generationCPU = processorSeconds() - generationBefore
    let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
    let wall = Double(seeds.count) / whole * 60
    let capacity = cores * 60 / (cpu / Double(seeds.count))
    BenchmarkHarness.report(
      "soundness oracle (generate…check), seeds 1–240",
      String(format: "%.0f/min (%.0f/min wall)", capacity, wall),
      target: "≥ 1,000/min", met: capacity >= target)
    print(
      String(
        format: "  %.1f ms of processor time a session on %.0f cores; generating and rendering "
          + "alone %.1f ms (%.0f%%, %.1f s wall); %d violations found",
        cpu / Double(seeds.count) * 1000, cores, generationCPU / Double(seeds.count) * 1000,
        generationCPU / cpu * 100, generation, violations))
    return capacity >= target
  }

  private static func count(_ outcome: Result<Oracle.Result, Error>) -> Int {
    (try? outcome.get().violations.count) ?? 0
  }

  /// User and system processor seconds of this process so far (every thread).
  private static func processorSeconds() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  private static func time(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
