import Foundation

/// Parses the deck's typed attributes, `k=v,k2=v2` (spaces around items ignored, empty
/// input means no attributes), naming the item that is wrong.
public enum AttributeInput {
  /// The attribute map, or an error naming the bad item.
  public static func parse(_ text: String) throws(DeckError) -> [String: String] {
    var result: [String: String] = [:]
    for item in text.split(separator: ",") {
      let trimmed = item.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty else { continue }
      guard let equals = trimmed.firstIndex(of: "="), equals != trimmed.startIndex else {
        throw DeckError("attribute \"\(trimmed)\" is not k=v")
      }
      let key = String(trimmed[..<equals]).trimmingCharacters(in: .whitespaces)
      result[key] = String(trimmed[trimmed.index(after: equals)...])
    }
    return result
  }

  /// The map as the input line is prefilled: sorted `k=v,k2=v2`.
  public static func format(_ attributes: [String: String]) -> String {
    attributes.keys.sorted().map { "\($0)=\(attributes[$0] ?? "")" }.joined(separator: ",")
  }
}
