import Foundation

/// Measures a candidate against a baseline side by side in one process:
/// rounds alternate between the two so machine noise hits both alike, and
/// the median round rate is reported with the ratio.
enum BenchmarkHarness {
  /// The median rate of `body` in operations per second over `rounds` rounds,
  /// each running `body` until `roundSeconds` have passed. `body` returns how
  /// many operations it did.
  static func rate(rounds: Int = 5, roundSeconds: Double = 0.4, _ body: () -> Int) -> Double {
    var rates: [Double] = []
    for _ in 0..<rounds { rates.append(oneRound(roundSeconds, body)) }
    return median(rates)
  }

  /// Runs baseline and candidate in alternating rounds; returns their median rates.
  static func compare(
    rounds: Int = 5, roundSeconds: Double = 0.4, baseline: () -> Int, candidate: () -> Int
  ) -> (baseline: Double, candidate: Double) {
    var base: [Double] = []
    var cand: [Double] = []
    for _ in 0..<rounds {
      base.append(oneRound(roundSeconds, baseline))
      cand.append(oneRound(roundSeconds, candidate))
    }
    return (median(base), median(cand))
  }

  private static func oneRound(_ seconds: Double, _ body: () -> Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    var operations = 0
    var elapsed: Double = 0
    repeat {
      operations += body()
      elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    } while elapsed < seconds
    return Double(operations) / elapsed
  }

  /// Wall time of one call of `body`, in nanoseconds.
  static func nanoseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
  }

  /// Processor time of the whole process (every thread), seconds: what a measurement cost
  /// whatever else the shared machine runs.
  static func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  /// Peak resident set size of this process so far, in MiB.
  static func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
  }

  /// Resets the peak resident set size to the current one (Linux `clear_refs`), so
  /// `peakMemoryMiB` then reports the peak of what follows, not of the set-up before it.
  static func resetPeakMemory() {
    let fd = open("/proc/self/clear_refs", O_WRONLY)
    guard fd >= 0 else { return }
    defer { close(fd) }
    _ = write(fd, "5", 1)
  }

  /// Formats a rate like "1.23 M/s" or "4.56 k/s".
  static func format(_ rate: Double) -> String {
    if rate >= 1e6 { return String(format: "%.2f M/s", rate / 1e6) }
    if rate >= 1e3 { return String(format: "%.1f k/s", rate / 1e3) }
    return String(format: "%.0f /s", rate)
  }

  /// One aligned result line: "name  value  target …  met|MISSED". A name or value longer
  /// than its column is printed whole, never cut, with one space after it.
  static func report(_ name: String, _ value: String, target: String, met: Bool) {
    let line =
      column(name, 46) + column(value, 30) + "target \(target)  " + (met ? "met" : "MISSED")
    print(line)
  }

  /// `text` padded with spaces to `width` characters, or followed by one space when longer.
  static func column(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }
}
