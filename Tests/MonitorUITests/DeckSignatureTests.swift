import Foundation
import MonitorUI
import StageEngine
import Testing
import TokenCore

/// The deck predicts minted entries before signing them, from the key that will sign: when
/// that key is not the one the stage holds under the token's `kid`, the prediction is the
/// service's signature rejection, and the stage then rejects the real, signed token the same
/// way. Here the scenario imports someone else's public key under the very ARN that
/// "signed by an unknown key" writes as its `kid`.
@Suite struct DeckSignatureTests {
  static let prefix = "arn:aws:ivs:us-west-2:123456789012:public-key/"

  /// A controller on that scenario with `guest` joined and its deck open.
  static func openDeck() throws -> AppController {
    let directory = NSTemporaryDirectory() + "stagemon-impostor-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try SigningKey.generate().write(toFile: directory + "/signer.pem")
    try SigningKey.generate().publicKey.pem.write(
      toFile: directory + "/other-public.pem", atomically: true, encoding: .utf8)
    let path = directory + "/impostor.json"
    try """
    {"keys": [{"arn": "\(prefix)Signer", "privateKey": "signer.pem"},
              {"arn": "\(prefix)not-imported", "publicKey": "other-public.pem"}],
     "participants": [{"id": "guest", "sdk": "ios@1.37.0", "capabilities": ["subscribe"]}],
     "steps": [{"join": "guest"}]}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let controller = try Fixture.controller(scenarioAt: path)
    controller.perform(.nextStep)
    controller.handle(.character("x"))
    return controller
  }

  @Test(arguments: [
    ("signed by an unknown key", "service rejects: signature: does not verify with the key"),
    ("grant publish", "accepted"),
  ])
  func predictionFromTheSigningKeyMatchesTheStage(title: String, verdict: String) throws {
    let controller = try Self.openDeck()
    guard case .deck(let deck)? = controller.state.overlay else {
      throw DeckError("deck did not open")
    }
    let index = try #require(deck.candidates.firstIndex { $0.entry.title == title })
    let prediction = deck.candidates[index].prediction
    #expect(prediction.headline.hasPrefix(verdict), "\(prediction.headline)")
    for _ in 0..<index { controller.handle(.down) }
    controller.handle(.enter)
    let kinds = controller.state.log.visibleLines().compactMap(\.event?.kind)
    let expected: EventKind = prediction.isAccepted ? .exchangeAccepted : .exchangeRejected
    #expect(kinds.last { $0 == .exchangeAccepted || $0 == .exchangeRejected } == expected)
  }
}
