import TokenCore

/// Issue 2's figures: full token verification against raw OpenSSL ES384
/// verification of the same signatures, and parse-only throughput.
enum TokenBenchmark {
  static let count = 64

  /// Runs the suite, prints its figures and says whether every target was met.
  static func run() throws -> Bool {
    print("== tokens ==")
    let key = try SigningKey.generate()
    let kid = "arn:aws:ivs:us-west-2:123456789012:public-key/BenchKey"
    var store = KeyStore()
    try store.add(key.publicKey, arn: kid)
    let now: Int64 = 1_767_268_800
    let tokens = try (0..<count).map { i in
      let claims = try TokenClaims.forStage(
        "arn:aws:ivs:us-west-2:123456789012:stage/AbCdEf123456", participantID: "p\(i)",
        userId: "user-\(i)", capabilities: Capabilities(publish: i % 2 == 0, subscribe: true),
        attributes: ["order": "\(i)", "featured": "false"], issuedAt: now, lifetime: 43_200)
      return try TokenMinter.mint(claims, key: key, kid: kid)
    }
    let raw = try rawInputs(tokens)
    var failures = 0
    let rates = BenchmarkHarness.compare(
      baseline: {
        for (der, message) in raw where !key.publicKey.verify(der: der, message: message) {
          failures += 1
        }
        return raw.count
      },
      candidate: {
        for text in tokens {
          do {
            try store.verify(try ParticipantToken.parse(text), now: now)
          } catch {
            failures += 1
          }
        }
        return tokens.count
      })
    let ratio = rates.candidate / rates.baseline
    BenchmarkHarness.report(
      "raw OpenSSL ES384 verify (baseline)", BenchmarkHarness.format(rates.baseline), target: "—",
      met: true)
    BenchmarkHarness.report(
      "full token verify (parse+claims+signature)",
      "\(BenchmarkHarness.format(rates.candidate)) = \(String(format: "%.3f", ratio))×",
      target: "≥ 0.9×",
      met: ratio >= 0.9)
    let parseRate = BenchmarkHarness.rate {
      for text in tokens where (try? ParticipantToken.parse(text)) == nil { failures += 1 }
      return tokens.count
    }
    BenchmarkHarness.report(
      "parse only (no signature)", BenchmarkHarness.format(parseRate), target: "≥ 100 k/s",
      met: parseRate >= 100_000)
    if failures > 0 { print("!! \(failures) verifications failed: the figures are not valid") }
    return failures == 0 && ratio >= 0.9 && parseRate >= 100_000
  }

  /// The DER signature and signed bytes of each token, prepared outside the
  /// timed loop so the baseline is OpenSSL's verification alone.
  private static func rawInputs(_ tokens: [String]) throws -> [([UInt8], [UInt8])] {
    try tokens.map { text in
      let token = try ParticipantToken.parse(text)
      guard let der = derSignature(token.signature) else {
        throw KeyError("bad benchmark signature")
      }
      return (der, Array(token.signingInput.utf8))
    }
  }

  /// Minimal raw→DER for the baseline inputs (two positive INTEGERs).
  private static func derSignature(_ raw: [UInt8]) -> [UInt8]? {
    guard raw.count == 96 else { return nil }
    func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
      var value = Array(bytes.drop { $0 == 0 })
      if value.isEmpty { value = [0] }
      if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
      return [0x02, UInt8(value.count)] + value
    }
    let body = integer(raw[0..<48]) + integer(raw[48..<96])
    return [0x30, UInt8(body.count)] + body
  }
}
