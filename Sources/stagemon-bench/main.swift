import Foundation

/// `stagemon-bench [SUITE…|all]` (suites: `known` below): release-build figures for
/// BENCHMARKS.md, each printed against a baseline run in the same process. Exit status 1
/// when a target was missed.
let known = [
  "tokens", "tokendiff", "engine", "headless", "render", "actions", "latency", "paste", "checks",
  "compare",
  "recording", "import", "timetravel", "safeio", "explain", "live", "soundness",
]
/// Suites run only when named: `import10k` takes minutes (10,000 ES384 joins); `records`
/// writes a 200 MB file; `folder` writes 110,000 small files; `live10k` lists and imports
/// 10,000 participants; `livepoll` is the `live` suite's poll cost alone.
let onRequest = ["import10k", "records", "folder", "live10k", "livepoll"]
let requested = Array(CommandLine.arguments.dropFirst())
// A child the explain suite starts to measure one way of `--json` on a fresh heap.
if requested.count == 3, requested[0] == ExplainBenchmark.peakArgument {
  do {
    try ExplainBenchmark.measure(requested[1], requested[2])
    exit(0)
  } catch {
    print("\(error)")
    exit(1)
  }
}
let suites = requested.isEmpty || requested == ["all"] ? known : requested
#if DEBUG
  print("warning: debug build; run `swift run -c release stagemon-bench` for real figures")
#endif
/// Runs a suite that can fail to set up; a failure counts as a missed target.
func attempt(_ name: String, _ suite: () throws -> Bool) -> Bool {
  do {
    return try suite()
  } catch {
    print("\(name) benchmark failed: \(error)")
    return false
  }
}

var allMet = true
for suite in suites {
  switch suite {
  case "tokens": allMet = attempt("token", TokenBenchmark.run) && allMet
  case "tokendiff": allMet = attempt("token diff", TokenDiffBenchmark.run) && allMet
  case "engine": allMet = EngineBenchmark.run() && allMet
  case "headless": allMet = HeadlessBenchmark.run() && allMet
  case "render": allMet = RenderBenchmark.run() && allMet
  case "actions": allMet = ActionBenchmark.run() && allMet
  case "latency": allMet = LatencyBenchmark.run() && allMet
  case "paste": allMet = PasteLatencyBenchmark.run() && allMet
  case "checks": allMet = ChecksBenchmark.run() && allMet
  case "compare": allMet = CompareBenchmark.run() && allMet
  case "recording": allMet = RecordingBenchmark.run() && allMet
  case "import": allMet = ImportBenchmark.run() && allMet
  case "import10k": allMet = ImportBenchmark.runTenThousand() && allMet
  case "timetravel": allMet = TimeTravelBenchmark.run() && allMet
  case "safeio": allMet = SafeIOBenchmark.run() && allMet
  case "explain": allMet = attempt("explain", ExplainBenchmark.run) && allMet
  case "records": allMet = attempt("records", RecordReadBenchmark.run) && allMet
  case "folder": allMet = attempt("folder", FolderReadBenchmark.run) && allMet
  case "live": allMet = attempt("live", LiveBenchmark.run) && allMet
  case "live10k": allMet = attempt("live10k", LiveBenchmark.runBig) && allMet
  case "livepoll": allMet = attempt("livepoll", LivePollCost.figure) && allMet
  case "soundness": allMet = attempt("soundness", SoundnessBenchmark.run) && allMet
  default:
    FileHandle.standardError.write(
      Data("unknown suite \(suite) (\((known + onRequest).joined(separator: ", ")), all)\n".utf8))
    exit(2)
  }
  print("")
}
print(allMet ? "all targets met" : "some targets MISSED")
exit(allMet ? 0 : 1)
