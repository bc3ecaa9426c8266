/// A scenario's narration in one voice (the SDK's words, or presenter mode's plain language):
/// the opening line, what each step showed (shown after it runs) and what each step is about
/// to do (shown before it runs, after the key that runs it), by step index — so the screen
/// always says both where the story stands and what the next key does.
public struct Story: Equatable, Sendable {
  /// The line on opening (and after `:restart`), if any.
  public var opening: String?
  /// What each step showed, by step index.
  public var notes: [Int: String]
  /// What each step is about to do, by step index ("the co-host changes attributes").
  public var previews: [Int: String]
  /// The last words, once every step ran ("the end of the demo").
  public var ending: String?

  /// Creates a story; a scenario without narration has none of it.
  public init(
    opening: String? = nil, notes: [Int: String] = [:], previews: [Int: String] = [:],
    ending: String? = nil
  ) {
    self.opening = opening
    self.notes = notes
    self.previews = previews
    self.ending = ending
  }

  /// Whether it narrates its steps (the status band then keeps room for the longest note).
  public var isNarrated: Bool { !notes.isEmpty }
}

/// The story's own place on screen, above the footer: what the last scripted step (or the
/// opening) showed. Only running the script, travelling through it or switching the voice
/// changes it; other messages pass on the message line above it.
public struct Narration: Equatable, Sendable {
  /// The words.
  public let text: String
  /// How they look (a step that failed is an error).
  public let kind: StatusMessage.Kind

  /// Creates a narration.
  public init(_ text: String, kind: StatusMessage.Kind = .info) {
    self.text = text
    self.kind = kind
  }
}
