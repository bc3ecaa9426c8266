import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// The deck fits the participant it is for: tokens prepared for someone else are not offered
/// (the deck names them and their owner) and cannot be applied by `:exchange`; Home, End,
/// PgUp and PgDn move through it; a long pasted value is shortened so the claim changes and
/// the predicted outcome stay on screen.
@Suite struct DeckOwnerTests {
  static func deck(selecting row: Int) throws -> (AppController, DeckState) {
    let controller = try Fixture.demo()
    for _ in 0..<row { controller.handle(.down) }
    controller.handle(.character("x"))
    guard case .deck(let deck)? = controller.state.overlay else {
      throw DeckError("deck did not open")
    }
    return (controller, deck)
  }

  static func titles(_ deck: DeckState) -> [String] { deck.candidates.map(\.entry.title) }

  @Test func theGuestsDeckOffersOnlyTheGuestsPreparedTokens() throws {
    let (controller, deck) = try Self.deck(selecting: 1)
    #expect(Self.titles(deck).prefix(2) == ["co-host upgrade", "feature the guest"])
    #expect(!Self.titles(deck).contains("demote host"))
    #expect(deck.preparedElsewhere == ["host: demote host"])
    var grid = CellGrid(width: 120, height: 40)
    Screen.render(controller.state, into: &grid)
    #expect(
      Fixture.text(grid).joined().contains(
        "prepared for others, not offered here: host: demote host"))
  }

  @Test func theHostsDeckOffersDemoteHostAndNamesTheGuestsTokens() throws {
    let (_, deck) = try Self.deck(selecting: 0)
    #expect(Self.titles(deck).first == "demote host")
    #expect(!Self.titles(deck).contains("co-host upgrade"))
    #expect(deck.preparedElsewhere == ["guest: co-host upgrade, feature the guest"])
  }

  @Test func anotherParticipantsTokenIsNeverAppliedByTheCommandLine() throws {
    let controller = try Fixture.demo()
    let before = controller.state.snapshot.participant("guest")?.capabilities
    RecordingTests.command("exchange guest demote-host", controller)
    #expect(controller.state.status?.text.contains("is prepared for host, not for guest") == true)
    #expect(controller.state.snapshot.participant("guest")?.capabilities == before)
  }

  @Test func homeEndAndPagesMoveThroughTheDeck() throws {
    let (controller, deck) = try Self.deck(selecting: 1)
    let last = deck.candidates.count - 1
    controller.handle(.end)
    #expect(Self.highlighted(controller) == last)
    controller.handle(.home)
    #expect(Self.highlighted(controller) == 0)
    controller.handle(.pageDown)
    #expect(Self.highlighted(controller) > 1)
    controller.handle(.pageUp)
    #expect(Self.highlighted(controller) == 0)
  }

  static func highlighted(_ controller: AppController) -> Int {
    guard case .deck(let deck)? = controller.state.overlay else { return -1 }
    return deck.highlighted
  }

  @Test(arguments: [(100, 30), (80, 24)])
  func aLongPastedValueLeavesTheOutcomeOnScreen(width: Int, height: Int) throws {
    let (controller, deck) = try Self.deck(selecting: 1)
    let raw = try #require(deck.candidates.firstIndex { $0.entry.title == "paste a raw JWT…" })
    for _ in 0..<raw { controller.handle(.down) }
    controller.handle(.enter)
    let jwt =
      "eyJhbGciOiJFUzM4NCJ9." + String(repeating: "eyJ0b3BpYyI6IkRlbW9TdGFnZTAxIn0", count: 40)
      + ".c2lnbmF0dXJl"
    controller.handle(.paste(Paste(jwt)))
    controller.tick()
    var grid = CellGrid(width: width, height: height)
    Screen.render(controller.state, into: &grid)
    let text = Fixture.text(grid).joined(separator: "\n")
    #expect(text.contains("predicted: "), "\(text)")
    #expect(text.contains("changes vs the current token"), "\(text)")
    #expect(text.contains("(\(jwt.count)") && text.contains("characters)"), "\(text)")
  }
}
