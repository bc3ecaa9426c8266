/// One thing the user did at the terminal, as decoded from its bytes: a key, a bracketed paste
/// (the whole pasted text as one event, so a paste never runs key bindings and costs one
/// update however long it is) or a mouse report.
public enum InputEvent: Hashable, Sendable {
  /// A key press (or `.resize`).
  case key(Key)
  /// Text the terminal delivered between bracketed-paste markers.
  case paste(Paste)
  /// A mouse button, wheel or motion report.
  case mouse(MouseEvent)
}

/// Text pasted into the terminal, delivered whole. Only the first `KeyDecoder.pasteLimit`
/// bytes are kept, so an enormous paste cannot exhaust memory; `droppedBytes` says how much
/// was left out so the UI can say so.
public struct Paste: Hashable, Sendable {
  /// The pasted text as the terminal sent it (invalid UTF-8 replaced), at most the limit.
  public let text: String
  /// Bytes pasted beyond the limit and not kept.
  public let droppedBytes: Int

  /// Creates a paste.
  public init(_ text: String, droppedBytes: Int = 0) {
    self.text = text
    self.droppedBytes = droppedBytes
  }
}
