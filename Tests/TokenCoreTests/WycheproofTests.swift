import Foundation
import JSONKit
import Testing

@testable import TokenCore

/// Project Wycheproof's ECDSA P-384/SHA-384 P1363 vectors: raw r||s signatures,
/// exactly the JWS form. Every valid case must verify and every invalid one must not.
struct WycheproofTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let id: Int
    let comment: String
    let publicKeyPEM: String
    let message: [UInt8]
    let signature: [UInt8]
    let valid: Bool
    var testDescription: String { "tc\(id) \(comment) (\(valid ? "valid" : "invalid"))" }
  }

  static func loadCases() throws -> [Case] {
    let url = Fixtures.fixturesDirectory
      .appendingPathComponent("wycheproof/ecdsa_secp384r1_sha384_p1363_test.json")
    let json = try JSONParser.parse(bytes: Array(try Data(contentsOf: url)))
    var cases: [Case] = []
    for group in json["testGroups"]?.arrayValue ?? [] {
      let pem = group["publicKeyPem"]?.stringValue ?? ""
      for test in group["tests"]?.arrayValue ?? [] {
        cases.append(
          Case(
            id: Int(test["tcId"]?.integerValue ?? 0), comment: test["comment"]?.stringValue ?? "",
            publicKeyPEM: pem, message: Fixtures.hex(test["msg"]?.stringValue ?? ""),
            signature: Fixtures.hex(test["sig"]?.stringValue ?? ""),
            valid: test["result"]?.stringValue == "valid"))
      }
    }
    return cases
  }

  @Test func allTwoHundredEightyCasesAreLoaded() throws {
    let cases = try Self.loadCases()
    #expect(cases.count == 280)
    #expect(cases.contains { $0.valid } && cases.contains { !$0.valid })
  }

  @Test(arguments: try loadCases())
  func verificationMatchesTheExpectedResult(_ vector: Case) throws {
    let key = try PublicKey(pem: vector.publicKeyPEM)
    #expect(key.verify(signature: vector.signature, message: vector.message) == vector.valid)
  }
}
