import JSONKit

/// The field names an event pattern may use and the JSON type each one has in
/// the stream, so a pattern with a misspelt field or a wrongly typed value is a
/// load error with its JSON path instead of an expectation that can never match.
///
/// Names come from `StageEvent`'s stored properties (by reflection), so a field
/// added to events later is accepted without touching this file; `renamed`
/// lists the properties the stream writes under other names.
public enum EventFieldCatalog {
  /// JSON shapes of stream fields.
  public enum Shape: String, Sendable {
    case string = "a string"
    case integer = "a number"
    case array = "an array"
    case object = "an object"
  }

  /// Properties written under other names (boxed groups of fields); `details` holds the
  /// rare kinds' fields, read from `EventDetails`.
  static let renamed: [String: [String]] = [
    "exchange": ["previousToken", "newToken"],
    "expectation": ["step", "expected", "actual"],
    "details": Mirror(reflecting: EventDetails()).children.compactMap(\.label),
  ]

  /// Shapes of the fields SPEC §7 documents; other fields may hold any JSON.
  static let shapes: [String: Shape] = [
    "seq": .integer, "code": .integer,
    "capabilities": .array, "streams": .array, "fields": .array, "slots": .array,
    "attributes": .object, "previousToken": .object, "newToken": .object, "truth": .object,
  ]

  /// Every field name an event can have in the stream.
  public static let names: [String] = {
    let sample = StageEvent(source: .runner, kind: .step)
    return Mirror(reflecting: sample).children.compactMap(\.label).filter { $0 != "rule" }
      .flatMap(expanded)
  }()

  /// A property's stream names: boxed groups expand, recursively, to their fields.
  private static func expanded(_ label: String) -> [String] {
    guard let names = renamed[label] else { return [label] }
    return names.flatMap { $0 == label ? [$0] : expanded($0) }
  }

  /// The JSON shape of `field` in the stream: documented shapes, else a string
  /// for the scalar fields, `nil` when any JSON is possible.
  public static func shape(of field: String) -> Shape? {
    if let shape = shapes[field] { return shape }
    return stringFields.contains(field) ? .string : nil
  }

  private static let stringFields: Set<String> = [
    "time", "source", "observer", "sdk", "kind", "name", "participant", "remoteParticipantId",
    "userId", "state", "answer", "reason", "errorCode", "message", "step", "expected", "actual",
  ]

  /// Whether `value` has `shape` (`null`, meaning "absent", fits every shape).
  static func value(_ value: JSON, fits shape: Shape) -> Bool {
    switch (shape, value) {
    case (_, .null), (.string, .string), (.integer, .integer), (.array, .array),
      (.object, .object):
      return true
    default: return false
    }
  }
}
