import JSONKit

/// A subset of an event's fields (SPEC §7 names), e.g.
/// `{"kind": "participantLeft", "observer": "viewer"}`. An event matches when
/// it has every field of the pattern with an equal value; objects match as
/// subsets (`attributes` may hold more), arrays element by element, and `null`
/// matches a field the event does not have. Matching works on the event as the
/// stream writes it, so every event kind and field — including ones added
/// later — can be matched without code here.
public struct EventPattern: Sendable {
  /// The pattern object as written.
  public let json: JSON

  /// Wraps an already-validated pattern object.
  public init(json: JSON) { self.json = json }

  /// Whether `event` (one stream line as a JSON object) has every field of the pattern.
  public func matches(_ event: JSON) -> Bool {
    Self.contains(event, json)
  }

  private static func contains(_ value: JSON?, _ pattern: JSON) -> Bool {
    switch pattern {
    case .null:
      return value == nil || value == .null
    case .object(let members):
      guard let value, value.objectValue != nil else { return false }
      return members.allSatisfy { contains(value[$0.key], $0.value) }
    case .array(let elements):
      guard let actual = value?.arrayValue, actual.count == elements.count else { return false }
      return zip(actual, elements).allSatisfy { contains($0, $1) }
    default:
      return value == pattern
    }
  }

  /// The pattern as one line of compact JSON, for messages.
  public var text: String { JSONWriter.compact(json) }
}
