import Foundation
import InputKit
import SoundnessOracle

// `stagemon-soundness SECONDS [SEED] [--out DIR] [--participants N] [--actions N]`: the oracle for
// SECONDS of wall time (scripts/soundness builds it in release and runs it). Seeds run from
// SEED (default 1) upward; each violation is printed, and the first few of each kind are
// minimised and written under DIR (default .build/soundness). A claim a page left out made
// false with no trace in the folder (`TracelessLoss`) is printed as traceless and not counted.
// Exit 0: no violation; 1: some.
// `--show DIR` writes seed SEED's degraded folder and TRUTH.md into DIR instead; `--check DIR`
// explains the folder DIR (a fixture's) and prints its false claims against seed SEED's truth.
// The wall clock only decides when to stop: every session runs on the model's virtual clock.

let usage =
  "usage: stagemon-soundness SECONDS [SEED] [--out DIR] [--participants N] [--actions N] [--verbose] [--no-minimise] [--show DIR] [--check DIR]"
var words = Array(CommandLine.arguments.dropFirst())
var out = ".build/soundness"
var participants = 40
var actions = 60
if let index = words.firstIndex(of: "--actions"), index + 1 < words.count,
  let count = Int(words[index + 1])
{
  actions = count
  words.removeSubrange(index...index + 1)
}
var show: String?
if let index = words.firstIndex(of: "--show"), index + 1 < words.count {
  show = words[index + 1]
  words.removeSubrange(index...index + 1)
}
var check: String?
if let index = words.firstIndex(of: "--check"), index + 1 < words.count {
  check = words[index + 1]
  words.removeSubrange(index...index + 1)
}
let verbose = words.contains("--verbose")
let minimisedPerKind = words.contains("--no-minimise") ? 0 : 3
words.removeAll { $0 == "--verbose" || $0 == "--no-minimise" }
if let index = words.firstIndex(of: "--out"), index + 1 < words.count {
  out = words[index + 1]
  words.removeSubrange(index...index + 1)
}
if let index = words.firstIndex(of: "--participants"), index + 1 < words.count,
  let count = Int(words[index + 1])
{
  participants = count
  words.removeSubrange(index...index + 1)
}
guard (1...2).contains(words.count), let seconds = Double(words[0]), seconds > 0,
  words.count == 1 || UInt64(words[1]) != nil
else {
  Console.error(usage)
  exit(2)
}
let firstSeed = words.count == 2 ? UInt64(words[1]) ?? 1 : 1
let limits = SessionGenerator.Limits(participants: participants, actions: actions)
if let show {
  do {
    try Finding.show(try Oracle.run(seed: firstSeed, limits: limits), into: show)
    exit(0)
  } catch {
    Console.error("stagemon-soundness: \(error)")
    exit(1)
  }
}
if let check {
  do {
    let session = try SessionGenerator.session(seed: firstSeed, limits: limits)
    let files = try Finding.records(inFolder: check)
    guard case .explained(let explanation, _) = ExplainRun.explain(files: files) else {
      Console.error("stagemon-soundness: explain refused \(check)")
      exit(1)
    }
    let violations = SoundnessChecker.violations(explanation, session)
    for violation in violations { Console.out("\(violation)") }
    exit(violations.isEmpty ? 0 : 1)
  } catch {
    Console.error("stagemon-soundness: \(error)")
    exit(1)
  }
}
let started = Date()
var seed = firstSeed
var sessions = 0
var refused = 0
var blocked = 0
var violated = 0
var tracelessOnly = 0
var tracelessClaims = 0
var byKind: [Violation.Kind: Int] = [:]
var written: [Violation.Kind: Int] = [:]
/// Seeds run a batch at a time on every core; results are reported in seed order.
let batch = 2 * ProcessInfo.processInfo.activeProcessorCount
while Date().timeIntervalSince(started) < seconds {
  let seeds = (0..<UInt64(batch)).map { seed &+ $0 }
  seed &+= UInt64(batch)
  for outcome in Oracle.run(seeds: seeds, limits: limits) {
    let result: Oracle.Result
    do {
      result = try outcome.get()
    } catch {
      Console.error("the generator's scenario failed: \(error)")
      exit(1)
    }
    report(result)
  }
}

@MainActor func report(_ result: Oracle.Result) {
  let seed = result.seed
  sessions += 1
  if result.refusal != nil { refused += 1 }
  if !result.blockers.isEmpty { blocked += 1 }
  if verbose {
    for blocker in result.blockers { Console.out("seed \(seed) blocked: \(blocker)") }
    if let refusal = result.refusal { Console.out("seed \(seed) refused: \(refusal)") }
    let truth = result.session.truth
    Console.out(
      "seed \(seed): \(result.session.participants.count) participants, "
        + "\(truth.exchanges.count) exchanges, \(truth.spans.count) stale spans "
        + "(\(truth.totalStaleSeconds) s); \(result.claims) sightings checked")
  }
  let degradations = result.degradations.map(\.rawValue).joined(separator: ",")
  for violation in result.traceless {
    tracelessClaims += 1
    Console.out("seed \(seed) [\(degradations)] traceless (not counted): \(violation)")
  }
  guard !result.violations.isEmpty else {
    if !result.traceless.isEmpty { tracelessOnly += 1 }
    return
  }
  violated += 1
  for violation in result.violations {
    byKind[violation.kind, default: 0] += 1
    Console.out("seed \(seed) [\(degradations)] \(violation)")
  }
  // One folder per seed and kind (`SEED-KIND`): a second of the kind would replace the first.
  var kinds: Set<Violation.Kind> = []
  for violation in result.violations where (written[violation.kind] ?? 0) < minimisedPerKind {
    guard kinds.insert(violation.kind).inserted else { continue }
    written[violation.kind, default: 0] += 1
    let same = { (other: Violation) in
      other.kind == violation.kind && other.subject == violation.subject
    }
    let smallest = Minimiser.minimise(result.folder) { candidate in
      Oracle.check(candidate, result.session).violations.contains(where: same)
    }
    let shown = Oracle.check(smallest, result.session).violations.first(where: same) ?? violation
    do {
      let path = try Finding.write(
        smallest, violation: shown, result: result, limits: limits, into: out)
      Console.out("  minimised to \(smallest.files.count) file(s): \(path)")
    } catch {
      Console.error("stagemon-soundness: \(error)")
    }
  }
}
let elapsed = Date().timeIntervalSince(started)
let rate = Double(sessions) / elapsed * 60
Console.out(
  "\(sessions) sessions (seeds \(firstSeed)…\(seed &- 1)) in \(Int(elapsed)) s, "
    + "\(Int(rate)) a minute: \(violated) with violations, \(refused) refused, "
    + "\(blocked) with blocked files; \(tracelessOnly) more with only traceless losses "
    + "(\(tracelessClaims) claims, not counted)")
for kind in Violation.Kind.allCases where byKind[kind] != nil {
  Console.out("  \(kind.rawValue): \(byKind[kind] ?? 0)")
}
exit(violated == 0 ? 0 : 1)
