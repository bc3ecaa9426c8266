/// One line of the token deck: a scenario's prepared token or a built-in preset.
public enum DeckEntry: Sendable {
  /// A named token from the scenario.
  case prepared(PreparedToken)
  /// A built-in preset.
  case preset(DeckPreset)

  /// What the deck shows.
  public var title: String {
    switch self {
    case .prepared(let token): return token.name
    case .preset(let preset): return preset.title
    }
  }

  /// The word `:exchange ID WORD` uses: the preset's ID, or the prepared token's name with
  /// spaces as dashes.
  public var commandWord: String {
    switch self {
    case .prepared(let token):
      return token.name.lowercased().split(separator: " ").joined(separator: "-")
    case .preset(let preset): return preset.rawValue
    }
  }

  /// The input prompt when the entry needs typed text.
  public var inputPrompt: String? {
    if case .preset(let preset) = self { return preset.inputPrompt }
    return nil
  }
}
