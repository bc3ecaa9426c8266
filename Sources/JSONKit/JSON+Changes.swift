/// One object member whose value differs between two objects (nil where it is absent).
public struct JSONMemberChange: Equatable, Sendable {
  /// The member's key.
  public let key: String
  /// Its value in the old object, if present.
  public let old: JSON?
  /// Its value in the new object, if present.
  public let new: JSON?
}

extension JSON {
  /// Every member whose value differs between two objects: the old object's order, then
  /// members only the new one has. Linear in the number of members (a token may carry tens of
  /// thousands of claims), unlike repeated `subscript` lookups.
  public static func changedMembers(from old: JSON, to new: JSON) -> [JSONMemberChange] {
    let oldMembers = old.objectValue ?? []
    let newMembers = new.objectValue ?? []
    let newValues = firstValues(newMembers)
    var changes: [JSONMemberChange] = []
    var seen: Set<String> = []
    for (key, value) in oldMembers where seen.insert(key).inserted && newValues[key] != value {
      changes.append(JSONMemberChange(key: key, old: value, new: newValues[key]))
    }
    for (key, value) in newMembers where seen.insert(key).inserted {
      changes.append(JSONMemberChange(key: key, old: nil, new: value))
    }
    return changes
  }

  /// Key → value, the first member winning as `subscript` does.
  private static func firstValues(_ members: [(key: String, value: JSON)]) -> [String: JSON] {
    Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
  }
}
