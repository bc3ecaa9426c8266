import Foundation
import MonitorUI
import StageEngine
import Testing
import TokenCore

/// The token deck on a scenario that knows the customer's key by its public half only:
/// presets that need minting are disabled with the reason; a pasted customer JWT works.
@Suite struct CustomerKeyDeckTests {
  static let kid = "arn:aws:ivs:us-west-2:123456789012:public-key/Customer1"
  static let stageARN = "arn:aws:ivs:us-west-2:123456789012:stage/AbCdEf123456"

  static func customerToken(_ key: SigningKey, publish: Bool) throws -> String {
    let claims = try TokenClaims.forStage(
      stageARN, participantID: "guest", userId: "u-42",
      capabilities: Capabilities(publish: publish, subscribe: true), attributes: ["seat": "3"],
      issuedAt: VirtualTime.defaultStart, lifetime: 3600)
    return try TokenMinter.mint(claims, key: key, kid: kid)
  }

  /// A controller on a customer scenario with `guest` joined, its deck open.
  static func openDeck(key: SigningKey) throws -> AppController {
    let directory = NSTemporaryDirectory() + "stagemon-deck-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try key.publicKey.pem.write(
      toFile: directory + "/customer-public.pem", atomically: true, encoding: .utf8)
    let token = try customerToken(key, publish: false)
    let path = directory + "/customer.json"
    try """
    {"keys": [{"arn": "\(kid)", "publicKey": "customer-public.pem"}],
     "participants": [{"id": "guest", "sdk": "web@1.33.0", "token": "\(token)"}],
     "steps": [{"join": "guest"}]}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let controller = try Fixture.controller(scenarioAt: path)
    controller.perform(.nextStep)
    controller.handle(.character("x"))
    return controller
  }

  static func deck(_ controller: AppController) throws -> DeckState {
    guard case .deck(let deck)? = controller.state.overlay else {
      throw DeckError("deck did not open")
    }
    return deck
  }

  @Test(arguments: ["grant publish", "edit attributes…", "extend exp (+12h)", "expired token"])
  func presetsThatNeedMintingAreDisabledWithTheReason(title: String) throws {
    let deck = try Self.deck(try Self.openDeck(key: try SigningKey.generate()))
    let candidate = try #require(deck.candidates.first { $0.entry.title == title })
    #expect(candidate.prediction.isDisabled)
    #expect(candidate.prediction.headline.contains("needs a private key"))
  }

  @Test func pastingTheCustomersNextTokenExchangesIt() throws {
    let key = try SigningKey.generate()
    let controller = try Self.openDeck(key: key)
    let deck = try Self.deck(controller)
    let index = try #require(deck.candidates.firstIndex { $0.entry.title == "paste a raw JWT…" })
    #expect(!deck.candidates[index].prediction.isDisabled)
    for _ in 0..<index { controller.handle(.down) }
    controller.handle(.enter)
    Fixture.type(try Self.customerToken(key, publish: true), into: controller)
    controller.handle(.enter)
    let kinds = controller.state.log.visibleLines().compactMap(\.event?.kind)
    #expect(kinds.contains(.tokenExchanged))
    #expect(kinds.contains(.publishStarted))
  }
}

/// An imported scenario opens with its notes (guessed SDKs, chosen strategies) on the
/// status line.
@Suite struct ImportedScenarioOpeningTests {
  @Test func notesAreShownWhenItOpens() throws {
    let path = NSTemporaryDirectory() + "stagemon-notes-\(UUID().uuidString).json"
    try """
    {"notes": ["SDK guessed for 1 participant(s): host: ios@1.37.0", "host: strategy publish=always"],
     "participants": [{"id": "host", "capabilities": ["publish"]}]}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let setup = try MonitorSetup.file(path)
    #expect(
      setup.openingNote
        == "note: SDK guessed for 1 participant(s): host: ios@1.37.0 (+1 more: ? lists them)")
  }

  @Test func aScenarioWithoutNotesOpensQuietly() throws {
    let path = NSTemporaryDirectory() + "stagemon-nonotes-\(UUID().uuidString).json"
    try #"{"participants": [{"id": "host"}]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect(try MonitorSetup.file(path).openingNote == nil)
  }
}
