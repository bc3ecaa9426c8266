import InputKit
import TokenCore

/// The signing keys of a scenario run: the scenario's own (loaded from PEM
/// files) or one generated for the run, plus a lazily generated key that is
/// deliberately absent from the stage's key store (`"key": "unknown"`).
struct ScenarioKeyring {
  /// The keys that can sign, in scenario order; the first signs by default.
  let keys: [(arn: String, key: SigningKey)]
  /// The public keys the stage trusts (signing keys and public-only keys).
  let store: KeyStore
  /// The kid written by `"key": "unknown"`: a well-formed ARN not in the store.
  let unknownARN: String
  /// The key generated for this run when the scenario names none (a recording saves it).
  private(set) var generated: (arn: String, key: SigningKey)?
  private var unknownKey: SigningKey?
  /// The largest key file read (a P-384 PEM is about 300 bytes).
  static let maximumKeyFileBytes = 64 << 10

  /// Loads the scenario's keys, or generates one named after the stage's region and account.
  init(scenario: Scenario, file: String) throws(ScenarioError) {
    var keys: [(arn: String, key: SigningKey)] = []
    var store = KeyStore()
    for (index, spec) in scenario.keys.enumerated() {
      let location = "keys[\(index)].\(spec.half.rawValue)"
      let pem = try Self.read(spec.path, file: file, location: location)
      do {
        switch spec.half {
        case .privateKey:
          let key = try SigningKey(pem: pem)
          keys.append((spec.arn, key))
          try store.add(key.publicKey, arn: spec.arn)
        case .publicKey:
          try store.add(try PublicKey(pem: pem), arn: spec.arn)
        }
      } catch {
        throw ScenarioError(file: file, location: location, message: "\(spec.path): \(error)")
      }
    }
    let prefix = Self.publicKeyPrefix(of: scenario.stage.arn)
    if scenario.keys.isEmpty {
      let generated = try Self.generate(file: file)
      keys.append((prefix + "stagemon-generated", generated))
      self.generated = (prefix + "stagemon-generated", generated)
      do {
        try store.add(generated.publicKey, arn: prefix + "stagemon-generated")
      } catch {
        throw ScenarioError(file: file, location: "keys", message: "\(error)")
      }
    }
    self.keys = keys
    self.store = store
    self.unknownARN = prefix + "not-imported"
  }

  private static func read(_ path: String, file: String, location: String) throws(ScenarioError)
    -> String
  {
    do {
      return try BoundedInput.text(atPath: path, limit: maximumKeyFileBytes)
    } catch {
      throw ScenarioError(file: file, location: location, message: "\(error)")
    }
  }

  /// The key for `choice`: a named one, the unknown one, or (nil) the default.
  mutating func key(for choice: TokenMintSpec.Key?, file: String) throws(ScenarioError)
    -> (arn: String, key: SigningKey)
  {
    guard case .unknown = choice else { return try scenarioKey(for: choice, file: file) }
    if let unknownKey { return (unknownARN, unknownKey) }
    let key = try Self.generate(file: file)
    unknownKey = key
    return (unknownARN, key)
  }

  /// The kid `key(for: choice)` signs under and the public half of its key, without making a
  /// key: a key made only to be unknown is none the stage holds, so its public half is nil
  /// until it exists.
  func signer(for choice: TokenMintSpec.Key?, file: String) throws(ScenarioError)
    -> (arn: String, key: PublicKey?)
  {
    guard case .unknown = choice else {
      let (arn, key) = try scenarioKey(for: choice, file: file)
      return (arn, key.publicKey)
    }
    return (unknownARN, unknownKey?.publicKey)
  }

  /// A key of the scenario's: the one named by `.arn`, or (nil) the default.
  private func scenarioKey(for choice: TokenMintSpec.Key?, file: String) throws(ScenarioError)
    -> (arn: String, key: SigningKey)
  {
    if case .arn(let arn) = choice {
      if let found = keys.first(where: { $0.arn == arn }) { return found }
      throw ScenarioError(
        file: file, location: "keys", message: "no private key for \(arn) to sign with")
    }
    guard let first = keys.first else {
      throw ScenarioError(
        file: file, location: "keys",
        message: "minting a token needs a private key; the scenario's keys are public only")
    }
    return first
  }

  private static func generate(file: String) throws(ScenarioError) -> SigningKey {
    do {
      return try SigningKey.generate()
    } catch {
      throw ScenarioError(file: file, location: "keys", message: "cannot generate a key: \(error)")
    }
  }

  /// `arn:aws:ivs:<region>:<account>:public-key/` of the stage's region and account.
  private static func publicKeyPrefix(of stageARN: String) -> String {
    let parts = stageARN.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 6 else { return "arn:aws:ivs:us-west-2:123456789012:public-key/" }
    return "arn:aws:ivs:\(parts[3]):\(parts[4]):public-key/"
  }
}
