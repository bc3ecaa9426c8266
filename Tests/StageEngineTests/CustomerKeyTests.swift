import Foundation
import Testing
import TokenCore

@testable import StageEngine

/// A customer's key given by its public half only (SPEC §6 `keys[].publicKey`): the
/// customer's raw tokens join and exchange, verified for real; nothing can be minted.
@Suite struct CustomerKeyTests {
  static let kid = "arn:aws:ivs:us-west-2:123456789012:public-key/Customer1"
  static let stageARN = "arn:aws:ivs:us-west-2:123456789012:stage/AbCdEf123456"
  static let start = VirtualTime.defaultStart

  /// The customer's key pair: the test plays the customer's server, the scenario only
  /// gets `public.pem`.
  struct Customer {
    let key: SigningKey
    let directory: String

    init() throws {
      key = try SigningKey.generate()
      directory = NSTemporaryDirectory() + "stagemon-customer-\(UUID().uuidString)"
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      try key.publicKey.pem.write(
        toFile: directory + "/customer-public.pem", atomically: true, encoding: .utf8)
    }

    func token(
      _ id: String, publish: Bool, attributes: [String: String], issuedAt: Int64 = start,
      signer: SigningKey? = nil
    ) throws -> String {
      let claims = try TokenClaims.forStage(
        stageARN, participantID: id, userId: "u-42",
        capabilities: Capabilities(publish: publish, subscribe: true), attributes: attributes,
        issuedAt: issuedAt, lifetime: 3600)
      return try TokenMinter.mint(claims, key: signer ?? key, kid: CustomerKeyTests.kid)
    }

    func scenario(_ participants: String, steps: String) throws -> Scenario {
      try Scenario(
        parsing: """
          {"keys": [{"arn": "\(CustomerKeyTests.kid)", "publicKey": "customer-public.pem"}],
           "participants": [\(participants)], "steps": [\(steps)]}
          """, file: "customer.json", baseDirectory: directory)
    }
  }

  private func run(_ scenario: Scenario) throws -> [StageEvent] {
    let runner = try ScenarioRunner(scenario: scenario, file: "customer.json")
    var events: [StageEvent] = []
    try runner.run { events += $0 }
    return events
  }

  @Test func customerTokenJoinsAndExchangesToAnotherCustomerToken() throws {
    let customer = try Customer()
    let first = try customer.token("guest", publish: false, attributes: ["seat": "3"])
    let second = try customer.token(
      "guest", publish: true, attributes: ["seat": "2"], issuedAt: Self.start + 60)
    let scenario = try customer.scenario(
      #"{"id": "guest", "sdk": "android@1.37.0", "token": "\#(first)"}"#,
      steps:
        #"{"join": "guest"}, {"advance": "1m"}, {"exchange": "guest", "token": {"raw": "\#(second)"}}"#
    )
    let events = try run(scenario)
    #expect(events.contains { $0.kind == .joined && $0.participant == "guest" })
    let exchanged = try #require(events.first { $0.kind == .tokenExchanged })
    #expect(exchanged.exchange?.previousToken.attributes == ["seat": "3"])
    #expect(exchanged.exchange?.newToken.attributes == ["seat": "2"])
    #expect(exchanged.capabilities == Capabilities(publish: true, subscribe: true))
    #expect(events.contains { $0.kind == .publishStarted && $0.participant == "guest" })
  }

  @Test func tokenSignedByAnotherKeyUnderTheCustomerKidIsRefused() throws {
    let customer = try Customer()
    let forged = try customer.token(
      "guest", publish: false, attributes: [:], signer: try SigningKey.generate())
    let scenario = try customer.scenario(
      #"{"id": "guest", "token": "\#(forged)"}"#, steps: #"{"join": "guest"}"#)
    let events = try run(scenario)
    #expect(!events.contains { $0.kind == .joined })
    #expect(events.contains { $0.kind == .error && $0.code == 1026 })
  }

  @Test(arguments: [
    (
      #"{"id": "guest", "capabilities": ["subscribe"]}"#, "",
      "customer.json: participants[0]: minting a token needs a private key"
    ),
    (
      #"{"id": "guest", "token": "a.b.c"}"#,
      #"{"exchange": "guest", "token": {"attributes": {"seat": "1"}}}"#,
      "customer.json:2:65: step 1 (steps[0].token): minting a token needs a private key"
    ),
    (
      #"{"id": "guest", "token": "a.b.c"}"#,
      #"{"exchange": "guest", "token": {"key": "\#(CustomerKeyTests.kid)"}}"#,
      "customer.json:2:65: step 1 (steps[0].token): minting a token needs a private key, and key \(CustomerKeyTests.kid)"
    ),
  ])
  func mintingWithOnlyAPublicKeyIsALoadError(participant: String, steps: String, message: String)
    throws
  {
    let customer = try Customer()
    #expect(throws: ScenarioError.self) { try customer.scenario(participant, steps: steps) }
    do {
      _ = try customer.scenario(participant, steps: steps)
    } catch {
      #expect("\(error)".hasPrefix(message), "\(error)")
    }
  }

  @Test func tokensThatNeedNoCustomerKeyStillLoad() throws {
    let customer = try Customer()
    let scenario = try customer.scenario(
      #"{"id": "guest", "token": "a.b.c"}"#,
      steps: #"{"exchange": "guest", "token": {"key": "unknown"}}, "#
        + #"{"exchange": "guest", "token": {"origin": "createParticipantToken"}}"#)
    #expect(scenario.keys.map(\.half) == [.publicKey])
    #expect(scenario.keys.first?.path == customer.directory + "/customer-public.pem")
  }

  @Test(arguments: [
    (#"{"arn": "\#(CustomerKeyTests.kid)"}"#, "missing \"privateKey\""),
    (
      #"{"arn": "\#(CustomerKeyTests.kid)", "publicKey": "a.pem", "privateKey": "b.pem"}"#,
      "not both"
    ),
  ])
  func keyEntryNeedsExactlyOneHalf(entry: String, message: String) throws {
    let text = #"{"keys": [\#(entry)], "participants": [{"id": "a", "token": "a.b.c"}]}"#
    do {
      _ = try Scenario(parsing: text, file: "k.json", baseDirectory: "/")
      Issue.record("expected an error")
    } catch {
      #expect("\(error)".contains("k.json: keys[0]: "), "\(error)")
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  @Test func aPrivateKeyFileGivenAsPublicKeyIsAnError() throws {
    let customer = try Customer()
    let path = customer.directory + "/customer-public.pem"
    try FileManager.default.removeItem(atPath: path)
    try customer.key.write(toFile: path)
    let scenario = try customer.scenario(#"{"id": "guest", "token": "a.b.c"}"#, steps: "")
    #expect(throws: ScenarioError.self) {
      try ScenarioRunner(scenario: scenario, file: "customer.json")
    }
  }
}
