/// A JSON value that keeps object keys in document order.
///
/// stagemon needs order-preserving objects (claims are shown as the token
/// wrote them), exact integers (Unix times), and parse errors with line and
/// column (scenario files), which Foundation's `JSONSerialization` does not
/// give; so every module shares this one small value type.
public enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number written without fraction or exponent that fits in `Int64`.
  case integer(Int64)
  /// Any other number.
  case number(Double)
  case string(String)
  case array([JSON])
  /// Members in document order; keys are unique (the parser rejects duplicates).
  case object([(key: String, value: JSON)])

  /// Looks up an object member; `nil` for a missing key or a non-object.
  public subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The string payload, if this is a string.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The integer payload, if this is an integer.
  public var integerValue: Int64? {
    if case .integer(let i) = self { return i }
    return nil
  }

  /// The boolean payload, if this is a boolean.
  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The members, if this is an object.
  public var objectValue: [(key: String, value: JSON)]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSON]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// A short English name of the value's type, for error messages.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .integer, .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// Compares structurally; object members compare in order.
  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count
        && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// Returns a copy of this object with `key` set (replaced in place, or appended).
  public func setting(_ key: String, to value: JSON) -> JSON {
    guard case .object(var members) = self else { return self }
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value = value
    } else {
      members.append((key, value))
    }
    return .object(members)
  }

  /// Returns a copy of this object without `key`.
  public func removing(_ key: String) -> JSON {
    guard case .object(let members) = self else { return self }
    return .object(members.filter { $0.key != key })
  }
}
