/// Turns the bytes a terminal sends into `InputEvent`s: keys, bracketed pastes and mouse
/// reports. It is the one byte-level entry point for all input (the live UI, the memory backend
/// and the fuzzer feed it), and it is streaming: a sequence split across reads is completed by
/// the next `feed`, and `flush` (called when input pauses) settles what is left — a lone ESC is
/// the Escape key, an unfinished sequence is dropped. Unknown or garbled sequences are dropped
/// whole, never turned into stray characters. Work is linear in the bytes fed.
public struct KeyDecoder: Sendable {
  /// A paste keeps at most this many bytes (64 KiB); the rest is counted, not stored.
  public static let pasteLimit = 65_536
  /// An escape sequence longer than this is garbage and is dropped.
  static let sequenceLimit = 64
  /// A garbled sequence drops at most this many bytes looking for its end.
  static let garbageLimit = 1_024

  private var pending: [UInt8] = []
  private var paste: PasteCollector?
  private var garbage: (end: GarbageEnd, dropped: Int)?

  /// A decoder with nothing pending.
  public init() {}

  /// Whether bytes are waiting for the rest of a sequence (the caller should `flush` if no more
  /// input comes soon).
  public var hasPending: Bool { !pending.isEmpty || paste != nil || garbage != nil }
  /// Whether a bracketed paste has started and not yet ended.
  public var isPasting: Bool { paste != nil }

  /// Decodes `bytes` following whatever was fed before; an incomplete sequence at the end is
  /// kept for the next call.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> [InputEvent] {
    pending.append(contentsOf: bytes)
    return decodePending(final: false)
  }

  /// Settles pending bytes as if no more were coming: a lone ESC becomes `.escape`, a started
  /// paste ends with what arrived, an unfinished sequence is dropped.
  public mutating func flush() -> [InputEvent] {
    var events = decodePending(final: true)
    if let collector = paste {
      paste = nil
      events.append(.paste(collector.paste))
    }
    pending = []
    return events
  }

  /// Every event in a complete buffer (feed, then flush).
  public static func events(bytes: [UInt8]) -> [InputEvent] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes) + decoder.flush()
  }

  /// The keys in a complete buffer (pastes and mouse reports left out): tests and any input
  /// path that only has keys.
  public static func decode(bytes: [UInt8]) -> [Key] {
    events(bytes: bytes).compactMap {
      if case .key(let key) = $0 { return key }
      return nil
    }
  }

  private mutating func decodePending(final: Bool) -> [InputEvent] {
    var events: [InputEvent] = []
    var index = 0
    while index < pending.count {
      if paste != nil {
        let next = collectPaste(from: index, final: final, into: &events)
        if next == index { break }  // an end marker cut short: wait for the rest
        index = next
        continue
      }
      if garbage != nil {
        index = dropGarbage(from: index)
        continue
      }
      guard let (token, length) = SequenceParser.parse(pending, at: index, final: final) else {
        break
      }
      switch token {
      case .event(let event): events.append(event)
      case .pasteStart: paste = PasteCollector()
      case .garbage(let end): garbage = (end, 0)
      case .nothing: break
      }
      index += max(1, length)
    }
    pending.removeFirst(min(index, pending.count))
    if final { garbage = nil }
    return events
  }

  /// Drops the bytes of a garbled sequence from `start` through its end (an ESC is left to
  /// start the next one); returns the index to continue from.
  private mutating func dropGarbage(from start: Int) -> Int {
    guard let (end, droppedBefore) = garbage else { return start }
    var dropped = droppedBefore
    var index = start
    while index < pending.count, pending[index] != 0x1B {
      let byte = pending[index]
      index += 1
      dropped += 1
      if end.ends(at: byte) || dropped >= Self.garbageLimit {
        garbage = nil
        return index
      }
    }
    garbage = index < pending.count ? nil : (end, dropped)
    return index
  }

  /// Paste bytes up to the end marker; returns the index to continue from. A marker split
  /// across reads is kept pending.
  private mutating func collectPaste(
    from start: Int, final: Bool, into events: inout [InputEvent]
  ) -> Int {
    guard var collector = paste else { return start }
    paste = nil
    let marker = SequenceParser.pasteEnd
    var index = start
    while index < pending.count {
      if pending[index] == 0x1B {
        let available = min(marker.count, pending.count - index)
        if pending[index..<(index + available)].elementsEqual(marker.prefix(available)) {
          if available == marker.count {
            events.append(.paste(collector.paste))
            return index + marker.count
          }
          if !final { break }
        }
      }
      collector.append(pending[index])
      index += 1
    }
    paste = collector
    return final ? pending.count : index
  }
}

/// The bytes of one bracketed paste, capped at `KeyDecoder.pasteLimit`.
private struct PasteCollector {
  var bytes: [UInt8] = []
  var dropped = 0

  mutating func append(_ byte: UInt8) {
    if bytes.count < KeyDecoder.pasteLimit {
      bytes.append(byte)
    } else {
      dropped += 1
    }
  }

  var paste: Paste { Paste(String(decoding: bytes, as: UTF8.self), droppedBytes: dropped) }
}

extension KeyDecoder {
  /// Maps one C0 control byte to a key: CR/LF → enter, TAB → tab, BS/DEL → backspace,
  /// ESC → escape, other C0 codes → `.control(letter)`; nil for printable codes.
  static func decodeControl(_ code: UInt32) -> Key? {
    switch code {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x08, 0x7F: return .backspace
    case 0x1B: return .escape
    case 0x00: return .control("@")
    case 0x01...0x1A: return .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
    case 0x1C...0x1F: return .control(Character(Unicode.Scalar(UInt8(code) + 0x40)))
    default: return nil
    }
  }
}
