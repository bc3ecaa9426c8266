import Foundation

/// `stagemon-bench [tokens|engine|headless|render|all]`: release-build
/// figures for BENCHMARKS.md, each printed against a baseline run in the
/// same process.
let suites =
  CommandLine.arguments.dropFirst().isEmpty ? ["all"] : Array(CommandLine.arguments.dropFirst())
#if DEBUG
  print("warning: debug build; run `swift run -c release stagemon-bench` for real figures")
#endif
do {
  for suite in suites {
    switch suite {
    case "tokens", "all": try TokenBenchmark.run()
    default:
      FileHandle.standardError.write(
        Data("unknown suite \(suite) (tokens, engine, headless, render, all)\n".utf8))
      exit(2)
    }
  }
} catch {
  FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
  exit(1)
}
