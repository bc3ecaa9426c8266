import TokenCore

/// The key options of inspect and verify: one public key (`--public-key`
/// with an optional `--kid`) or a keygen directory (`--keys`).
enum KeyOptions {
  case single(pemPath: String, kid: String?)
  case directory(String)

  /// Takes the key options out of `arguments`; `nil` when none were given.
  static func parse(_ arguments: inout Arguments) throws -> KeyOptions? {
    let pem = try arguments.option("--public-key")
    let kid = try arguments.option("--kid")
    let dir = try arguments.option("--keys")
    switch (pem, dir) {
    case (.some, .some): throw UsageError("give either --public-key or --keys, not both")
    case (.some(let pem), nil): return .single(pemPath: pem, kid: kid)
    case (nil, .some(let dir)):
      if kid != nil { throw UsageError("--kid goes with --public-key, not --keys") }
      return .directory(dir)
    case (nil, nil):
      if kid != nil { throw UsageError("--kid needs --public-key") }
      return nil
    }
  }

  /// A key store to check `token` with. A single key is stored under
  /// `--kid`, or under the token's own kid when `--kid` is omitted.
  func keyStore(for token: ParticipantToken) throws -> KeyStore {
    switch self {
    case .directory(let dir): return try InputFiles.keyStore(directory: dir)
    case .single(let path, let kid):
      let key = try InputFiles.publicKey(at: path)
      var store = KeyStore()
      guard let arn = kid ?? token.header.kid, ARN.isPublicKey(arn) else { return store }
      try store.add(key, arn: arn)
      return store
    }
  }
}

/// The outcome of checking one token's signature, worded for output.
struct SignatureVerdict {
  let valid: Bool
  let text: String

  init(token: ParticipantToken, keys: KeyStore) {
    do {
      try keys.verifySignature(token)
      valid = true
      text = "valid (key \(token.header.kid ?? "?"))"
    } catch {
      valid = false
      text = "INVALID: \(error)"
    }
  }
}
