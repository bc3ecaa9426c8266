/// Attribute maps as one short, stable text (`{featured=true, order=2}`): sorted keys, so the
/// same map always reads the same in every pane and in tests.
public enum AttributeText {
  /// `{k=v, …}`, or `{}` when empty.
  public static func braced(_ attributes: [String: String]) -> String {
    "{" + pairs(attributes) + "}"
  }

  /// `k=v, …` with sorted keys.
  public static func pairs(_ attributes: [String: String]) -> String {
    attributes.keys.sorted().map { "\($0)=\(attributes[$0] ?? "")" }.joined(separator: ", ")
  }
}
