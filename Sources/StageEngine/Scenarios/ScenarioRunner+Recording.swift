import TokenCore

/// The session as a scenario: what the UI saves so that anyone can replay it headless and
/// get the same stream, event for event.
extension ScenarioRunner {
  /// The scenario's stage, participants and keys with every step that ran (scripted or live)
  /// as its script. A generated key is named by `generatedKeyPath`, where
  /// `writeGeneratedKey(toFile:)` puts it, so raw tokens it signed still verify on replay.
  public func recording(generatedKeyPath: String?) -> Scenario {
    var recorded = scenario
    recorded.steps = history
    if let generated = factory.keyring.generated, let generatedKeyPath {
      recorded.keys = [ScenarioKey(arn: generated.arn, privateKeyPath: generatedKeyPath)]
    }
    return recorded
  }

  /// Whether the run signs with a key generated for it (the scenario names none).
  public var hasGeneratedKey: Bool { factory.keyring.generated != nil }

  /// Writes the generated key as PKCS#8 PEM with mode 0600 (never printed), to a new file or,
  /// when `replacing`, over an existing one.
  public func writeGeneratedKey(toFile path: String, replacing: Bool = false) throws(KeyError) {
    guard let generated = factory.keyring.generated else { return }
    try generated.key.write(toFile: path, replacing: replacing)
  }
}

/// A step's number as people count it, from 1: its place in the session (where a saved
/// recording puts it, so the monitor, the saved scenario, the saved log and a replay agree),
/// and, for a step of the script, its place in the file (where the file says it is).
struct StepNumber {
  let value: Int
  /// The step's number in the script's file; nil for a live step.
  let scriptIndex: Int?
}
