import Foundation
import StageEngine
import TokenCore

/// Benchmark of the stage model (lead wires `EngineBenchmark.run()` into main):
/// (a) a stage at its limits — 12 publishers and N subscribed observers on mixed
/// SDK profiles — where one publisher exchanges its token for new attributes; the
/// time from the call until the last observer's event is recorded, per observer,
/// at N = 1,000 and N = 10,000 (targets ≤ 1 µs/observer, 10k/1k ratio ≤ 11);
/// (c) peak memory (max RSS) of (a). The N = 0 run is the side-by-side baseline:
/// it costs the exchange's fixed part (signature verification), which the
/// marginal figure subtracts.
enum EngineBenchmark {
  static let arn = "arn:aws:ivs:us-west-2:123456789012:stage/BenchStage01"
  static let kid = "arn:aws:ivs:us-west-2:123456789012:public-key/BenchKey"
  static let start: Int64 = 1_767_268_800
  static let profiles = [
    "ios@1.37.0", "android@1.36.0", "web@1.32.0", "web@1.33.0", "android@1.37.0",
  ]
  static let repetitions = 15

  /// Runs the benchmark, prints a report and returns whether both targets were met.
  static func run() -> Bool {
    do {
      let key = try SigningKey.generate()
      let baseline = try measure(observers: 0, key: key)
      let small = try measure(observers: 1_000, key: key)
      let large = try measure(observers: Stage.subscriberLimit, key: key)
      return report(baseline: baseline, small: small, large: large)
    } catch {
      print("engine benchmark failed: \(error)")
      return false
    }
  }

  private static func report(baseline: Double, small: Double, large: Double) -> Bool {
    let perSmall = small / 1_000
    let perLarge = large / Double(Stage.subscriberLimit)
    let marginalSmall = (small - baseline) / 1_000
    let marginalLarge = (large - baseline) / Double(Stage.subscriberLimit)
    let ratio = large / small
    print("engine (a) exchange fan-out, 12 publishers, median of \(repetitions):")
    print("  N=0 baseline       \(format(baseline)) ns per exchange")
    print(
      "  N=1,000            \(format(perSmall)) ns/observer (marginal \(format(marginalSmall)))")
    print(
      "  N=10,000           \(format(perLarge)) ns/observer (marginal \(format(marginalLarge)))")
    print("  ratio 10k/1k       \(format(ratio, digits: 2)) (target ≤ 11)")
    print("engine (c) peak RSS  \(Int(BenchmarkHarness.peakMemoryMiB())) MiB")
    let met = perLarge <= 1_000 && ratio <= 11
    print("  targets \(met ? "met" : "NOT met") (≤ 1,000 ns/observer at 10k, ratio ≤ 11)")
    return met
  }

  /// Median nanoseconds of one attribute exchange by a publisher with `observers` observers.
  private static func measure(observers: Int, key: SigningKey) throws -> Double {
    let stage = try makeStage(observers: observers, key: key)
    var samples: [Double] = []
    for round in 0..<repetitions {
      let token = try TokenMinter.mint(
        try claims("pub0", publish: true, attributes: ["round": "\(round)"]), key: key, kid: kid)
      let begin = DispatchTime.now().uptimeNanoseconds
      let outcome = try stage.exchangeToken(participant: "pub0", newToken: token)
      let end = DispatchTime.now().uptimeNanoseconds
      guard outcome == .accepted else { throw BenchmarkError("exchange rejected: \(outcome)") }
      samples.append(Double(end - begin))
      try checkFanOut(stage.drainEvents(), observers: observers)
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  /// Keeps the benchmark honest: the run must have delivered the update.
  private static func checkFanOut(_ events: [StageEvent], observers: Int) throws {
    let updates = events.filter { $0.kind == .participantMetadataUpdated }.count
    let minimum = observers * 3 / 5  // the profiles with the metadata event, plus publishers
    guard updates >= minimum else {
      throw BenchmarkError("only \(updates) metadata events for \(observers) observers")
    }
  }

  private static func makeStage(observers: Int, key: SigningKey) throws -> Stage {
    var store = KeyStore()
    try store.add(key.publicKey, arn: kid)
    let stage = Stage(configuration: StageConfiguration(arn: arn, start: start, keys: store))
    for index in 0..<Stage.publisherLimit {
      let id = "pub\(index)"
      try stage.addParticipant(id: id, sdk: SDKProfile(parsing: "ios@1.37.0"))
      let token = try TokenMinter.mint(try claims(id, publish: true), key: key, kid: kid)
      guard try stage.join(participant: id, token: token) == .done else {
        throw BenchmarkError("publisher \(id) could not join")
      }
    }
    for index in 0..<observers {
      let id = "obs\(index)"
      try stage.addParticipant(
        id: id, sdk: SDKProfile(parsing: profiles[index % profiles.count]))
      let token = TokenMinter.mintCreateParticipantTokenStyle(try claims(id, publish: false))
      guard try stage.join(participant: id, token: token) == .done else {
        throw BenchmarkError("observer \(id) could not join")
      }
      if index % 1_000 == 999 { _ = stage.drainEvents() }
    }
    _ = stage.drainEvents()
    return stage
  }

  private static func claims(
    _ id: String, publish: Bool, attributes: [String: String] = [:]
  ) throws -> TokenClaims {
    try TokenClaims.forStage(
      arn, participantID: id, capabilities: Capabilities(publish: publish, subscribe: true),
      attributes: attributes, issuedAt: start, lifetime: 43_200)
  }

  private static func format(_ value: Double, digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
  }
}

/// A benchmark setup or sanity failure.
private struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
