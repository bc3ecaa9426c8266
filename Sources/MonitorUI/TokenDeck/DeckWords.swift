/// The words `:exchange ID WORD` takes from each participant's deck (`DeckEntry.commandWord`,
/// in the deck's order), grouped by the participant a token is prepared for when the prepared
/// tokens are set: the command line asks for one participant's words while it is open, and
/// that costs that participant's deck, not every token a long session prepared.
struct DeckWords: Sendable {
  /// Words of the tokens offered to everyone, with their place among the prepared tokens.
  private var shared: [(place: Int, word: String)] = []
  /// Words of the tokens prepared for one participant, by participant.
  private var owned: [String: [(place: Int, word: String)]] = [:]

  /// The words of `prepared`.
  init(_ prepared: [PreparedToken] = []) {
    for (place, token) in prepared.enumerated() {
      let word = DeckEntry.prepared(token).commandWord
      if let owner = token.owner {
        owned[owner, default: []].append((place, word))
      } else {
        shared.append((place, word))
      }
    }
  }

  /// `participant`'s words as its deck lists them: its prepared tokens and those offered to
  /// everyone in their order, then the presets.
  func offered(to participant: String) -> [String] {
    let own = owned[participant] ?? []
    var words: [String] = []
    words.reserveCapacity(own.count + shared.count + DeckPreset.allCases.count)
    var (mine, everyone) = (0, 0)
    while mine < own.count || everyone < shared.count {
      if everyone == shared.count || (mine < own.count && own[mine].place < shared[everyone].place)
      {
        words.append(own[mine].word)
        mine += 1
      } else {
        words.append(shared[everyone].word)
        everyone += 1
      }
    }
    return words + DeckPreset.allCases.map { DeckEntry.preset($0).commandWord }
  }
}
