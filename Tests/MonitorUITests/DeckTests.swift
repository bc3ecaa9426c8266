import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// The token deck's predictions for the guest (android@1.37.0, connected, subscribe-only),
/// checked against what the stage then really does.
@Suite struct DeckTests {
  static func deck() throws -> (AppController, DeckState) {
    let controller = try Fixture.demo()
    controller.handle(.down)
    controller.handle(.character("x"))
    guard case .deck(let deck)? = controller.state.overlay else {
      throw DeckError("deck did not open")
    }
    return (controller, deck)
  }

  @Test(arguments: [
    ("grant publish", "accepted"),
    ("revoke subscribe", "accepted"),
    ("extend exp (+12h)", "accepted"),
    ("change an immutable field (topic)", "SDK rejects: immutable claim changed: topic"),
    (
      "CreateParticipantToken-style token",
      "SDK rejects: the new token comes from CreateParticipantToken"
    ),
    ("signed by an unknown key", "service rejects: header: kid"),
    ("expired token", "service rejects:"),
    ("paste a raw JWT…", "SDK rejects: new token is malformed"),
  ])
  func presetPredictionMatchesTheStage(title: String, verdict: String) throws {
    let (controller, deck) = try Self.deck()
    let index = try #require(deck.candidates.firstIndex { $0.entry.title == title })
    let prediction = deck.candidates[index].prediction
    #expect(prediction.headline.hasPrefix(verdict), "\(prediction.headline)")
    for _ in 0..<index { controller.handle(.down) }
    controller.handle(.enter)
    if controller.state.input != nil { controller.handle(.enter) }
    let verdicts = controller.state.log.visibleLines().compactMap(\.event?.kind)
    let expected: EventKind = prediction.isAccepted ? .exchangeAccepted : .exchangeRejected
    #expect(verdicts.last { $0 == .exchangeAccepted || $0 == .exchangeRejected } == expected)
  }

  @Test func serviceRejectionSaysMobileStaysConnectedAsAnAssumption() throws {
    let (_, deck) = try Self.deck()
    let unknown = try #require(
      deck.candidates.first { $0.entry.title == "signed by an unknown key" })
    #expect(unknown.prediction.headline.hasSuffix("stays connected on its old token (assumption)"))
  }

  @Test func claimDiffNeverShowsTheSignature() throws {
    let (_, deck) = try Self.deck()
    let lines = deck.candidates.flatMap(\.diff)
    #expect(lines.contains("capabilities: [subscribe] → [publish, subscribe]"))
    #expect(!lines.joined().contains("signature"))
    #expect(!lines.joined().contains("eyJ"))
  }

  @Test func uiExchangeKeepsTheRunnersTokenForLaterJoins() throws {
    let controller = try Fixture.demo()
    controller.perform(.commandLine)
    Fixture.type("exchange guest grant-publish", into: controller)
    controller.handle(.enter)
    controller.handle(.character("n"))
    controller.perform(.commandLine)
    Fixture.type("leave guest", into: controller)
    controller.handle(.enter)
    controller.perform(.commandLine)
    Fixture.type("join guest", into: controller)
    controller.handle(.enter)
    let guest = try #require(controller.state.snapshot.participant("guest"))
    #expect(guest.connection == .connected)
    #expect(guest.capabilities.publish)
  }
}
