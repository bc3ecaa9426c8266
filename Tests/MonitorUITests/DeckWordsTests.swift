import StageEngine
import Testing

@testable import MonitorUI

/// The command line's `:exchange` words are the selected participant's deck, in the deck's
/// order, whoever is selected: the words grouped by owner (made when the prepared tokens are
/// set) against the deck itself.
@Suite struct DeckWordsTests {
  @Test func theWordsAreTheDecksForEveryParticipant() throws {
    let controller = try Fixture.demo()
    for row in controller.state.snapshot.participants.indices {
      controller.state.selected = row
      let id = try #require(controller.state.selectedParticipant?.id)
      let deck = controller.deckEntries(for: id).map(\.commandWord)
      #expect(controller.state.commandHintContext.tokens == deck, "\(id)")
    }
  }

  /// Tokens for everyone between a participant's own keep their places.
  @Test(arguments: ["a", "b", "c"])
  func sharedAndOwnTokensKeepTheirOrder(participant: String) {
    let owners: [String?] = ["a", nil, "b", "a", nil, nil, "b", "a"]
    let prepared = owners.enumerated().map { index, owner in
      PreparedToken(
        name: "Token \(index) of \(owner ?? "all")", spec: TokenMintSpec(), owner: owner)
    }
    let obvious =
      prepared.filter { $0.isOffered(to: participant) }.map { DeckEntry.prepared($0).commandWord }
      + DeckPreset.allCases.map { DeckEntry.preset($0).commandWord }
    #expect(DeckWords(prepared).offered(to: participant) == obvious)
  }
}
