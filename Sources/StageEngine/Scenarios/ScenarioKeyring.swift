import InputKit
import TokenCore

/// The signing keys of a scenario run: the scenario's own (loaded from PEM
/// files) or one generated for the run, plus a lazily generated key that is
/// deliberately absent from the stage's key store (`"key": "unknown"`).
struct ScenarioKeyring {
  /// Keys in scenario order; the first signs by default.
  let keys: [(arn: String, key: SigningKey)]
  /// The public keys the stage trusts.
  let store: KeyStore
  /// The kid written by `"key": "unknown"`: a well-formed ARN not in the store.
  let unknownARN: String
  private var unknownKey: SigningKey?
  /// The largest key file read (a P-384 PEM is about 300 bytes).
  static let maximumKeyFileBytes = 64 << 10

  /// Loads the scenario's keys, or generates one named after the stage's region and account.
  init(scenario: Scenario, file: String) throws(ScenarioError) {
    var keys: [(arn: String, key: SigningKey)] = []
    for (index, spec) in scenario.keys.enumerated() {
      let location = "keys[\(index)].privateKey"
      let pem: String
      do {
        pem = try InputFile.text(atPath: spec.privateKeyPath, limit: Self.maximumKeyFileBytes)
      } catch {
        throw ScenarioError(file: file, location: location, message: "\(error)")
      }
      do {
        keys.append((spec.arn, try SigningKey(pem: pem)))
      } catch {
        throw ScenarioError(
          file: file, location: location, message: "\(spec.privateKeyPath): \(error)")
      }
    }
    let prefix = Self.publicKeyPrefix(of: scenario.stage.arn)
    if keys.isEmpty {
      keys.append((prefix + "stagemon-generated", try Self.generate(file: file)))
    }
    var store = KeyStore()
    for (arn, key) in keys {
      do {
        try store.add(key.publicKey, arn: arn)
      } catch {
        throw ScenarioError(file: file, location: "keys", message: "\(error)")
      }
    }
    self.keys = keys
    self.store = store
    self.unknownARN = prefix + "not-imported"
  }

  /// The key for `choice`: a named one, the unknown one, or (nil) the default.
  mutating func key(for choice: TokenMintSpec.Key?, file: String) throws(ScenarioError)
    -> (arn: String, key: SigningKey)
  {
    switch choice {
    case .arn(let arn):
      if let found = keys.first(where: { $0.arn == arn }) { return found }
      throw ScenarioError(file: file, location: "keys", message: "no key \(arn)")
    case .unknown:
      if let unknownKey { return (unknownARN, unknownKey) }
      let key = try Self.generate(file: file)
      unknownKey = key
      return (unknownARN, key)
    case nil:
      guard let first = keys.first else {
        throw ScenarioError(file: file, location: "keys", message: "no signing key")
      }
      return first
    }
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
