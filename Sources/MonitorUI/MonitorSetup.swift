import Foundation
import StageEngine
import TokenCore

/// Builds everything a monitor session needs from a scenario: the runner, and the signing
/// keys for the token deck. Fails (before touching the terminal) with a message naming the
/// file and the place in it.
public struct MonitorSetup {
  /// The runner driving the stage.
  public let runner: ScenarioRunner
  /// Mints the deck's tokens.
  public let forge: TokenForge
  /// The deck's prepared tokens.
  public let prepared: [PreparedToken]
  /// Narration per step.
  public let notes: [Int: String]

  /// Loads the built-in demo.
  public static func demo() throws(ScenarioError) -> MonitorSetup {
    try MonitorSetup(
      scenario: DemoScenario.load(), file: DemoScenario.fileName, prepared: DemoScenario.deck,
      notes: DemoScenario.notes)
  }

  /// Loads the scenario file at `path`.
  public static func file(_ path: String) throws(ScenarioError) -> MonitorSetup {
    let scenario = try Scenario(contentsOfFile: path)
    return try MonitorSetup(
      scenario: scenario, file: path, prepared: PreparedToken.fromSteps(of: scenario), notes: [:])
  }

  /// Prepares `scenario`. A scenario without keys gets one generated here (written to a
  /// private temporary PEM for the runner to load, then deleted) so the deck can sign with
  /// a key the stage trusts.
  public init(scenario: Scenario, file: String, prepared: [PreparedToken], notes: [Int: String])
    throws(ScenarioError)
  {
    var scenario = scenario
    var keys: [(arn: String, key: SigningKey)] = []
    var temporary: String?
    defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
    if scenario.keys.isEmpty {
      let arn = Self.keyPrefix(of: scenario.stage.arn) + "stagemon-generated"
      let (key, directory) = try Self.temporaryKey(file: file)
      temporary = directory
      scenario.keys = [ScenarioKey(arn: arn, privateKeyPath: directory + "/key.pem")]
      keys = [(arn, key)]
    } else {
      keys = try Self.load(scenario.keys, file: file)
    }
    runner = try ScenarioRunner(scenario: scenario, file: file)
    forge = TokenForge(
      keys: keys, unknownARN: Self.keyPrefix(of: scenario.stage.arn) + "not-imported")
    self.prepared = prepared
    self.notes = notes
  }

  private static func temporaryKey(file: String) throws(ScenarioError) -> (SigningKey, String) {
    let template = NSTemporaryDirectory() + "/stagemon-key-XXXXXX"
    var bytes = Array(template.utf8CString)
    guard let made = mkdtemp(&bytes) else {
      throw ScenarioError(file: file, location: "keys", message: "cannot make a temporary folder")
    }
    let directory = String(cString: made)
    do {
      let key = try SigningKey.generate()
      try key.write(toFile: directory + "/key.pem")
      return (key, directory)
    } catch {
      try? FileManager.default.removeItem(atPath: directory)
      throw ScenarioError(file: file, location: "keys", message: "cannot generate a key: \(error)")
    }
  }

  private static func load(_ keys: [ScenarioKey], file: String) throws(ScenarioError)
    -> [(arn: String, key: SigningKey)]
  {
    var result: [(arn: String, key: SigningKey)] = []
    for (index, spec) in keys.enumerated() {
      do {
        let text = try String(contentsOfFile: spec.privateKeyPath, encoding: .utf8)
        result.append((spec.arn, try SigningKey(pem: text)))
      } catch {
        throw ScenarioError(
          file: file, location: "keys[\(index)].privateKey",
          message: "\(spec.privateKeyPath): \(error)")
      }
    }
    return result
  }

  private static func keyPrefix(of stageARN: String) -> String {
    let parts = stageARN.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 6 else { return "arn:aws:ivs:us-west-2:123456789012:public-key/" }
    return "arn:aws:ivs:\(parts[3]):\(parts[4]):public-key/"
  }
}
