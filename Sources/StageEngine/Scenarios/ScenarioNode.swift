import InputKit
import JSONKit

/// A JSON value together with its path in the scenario file, so every check
/// can report exactly where a mistake is (`steps[4].token.capabilities[1]`).
struct ScenarioNode {
  let value: JSON
  let path: String
  let file: String

  /// An error at this node.
  func error(_ message: String) -> ScenarioError {
    ScenarioError(file: file, location: path, message: message)
  }

  /// The node of member `key` (its path extended), without checking it exists.
  func member(_ key: String, _ value: JSON) -> ScenarioNode {
    let name = Excerpt.of(key)
    return ScenarioNode(value: value, path: path.isEmpty ? name : "\(path).\(name)", file: file)
  }

  /// This node as an object whose keys all come from `allowed`.
  func object(allowed: [String]) throws(ScenarioError) -> ScenarioObject {
    guard let members = value.objectValue else {
      throw error("expected an object, found \(value.typeName)")
    }
    for (key, _) in members where !allowed.contains(key) {
      let expected = allowed.map { "\"\($0)\"" }.joined(separator: ", ")
      throw member(key, .null).error(
        "unknown field\(Suggestion.hint(for: key, in: allowed)); expected one of \(expected)")
    }
    return ScenarioObject(node: self, members: members)
  }

  /// This node's elements, each with its indexed path.
  func array() throws(ScenarioError) -> [ScenarioNode] {
    guard let elements = value.arrayValue else {
      throw error("expected an array, found \(value.typeName)")
    }
    return elements.enumerated().map {
      ScenarioNode(value: $0.element, path: "\(path)[\($0.offset)]", file: file)
    }
  }

  /// This node as a string.
  func string() throws(ScenarioError) -> String {
    guard let s = value.stringValue else {
      throw error("expected a string, found \(value.typeName)")
    }
    return s
  }

  /// This node as a boolean.
  func bool() throws(ScenarioError) -> Bool {
    guard let b = value.boolValue else {
      throw error("expected true or false, found \(value.typeName)")
    }
    return b
  }

  /// This node as one of the raw values of `T`.
  func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws(ScenarioError) -> T
  where T.RawValue == String {
    let text = try string()
    if let found = T(rawValue: text) { return found }
    let names = T.allCases.map(\.rawValue)
    let expected = names.map { "\"\($0)\"" }.joined(separator: ", ")
    throw error(
      "unknown value \(Excerpt.quoted(text))\(Suggestion.hint(for: text, in: names)); expected one of \(expected)"
    )
  }

  /// This node as a duration text such as `"13h"`.
  func duration() throws(ScenarioError) -> VirtualDuration {
    let text = try string()
    do {
      return try VirtualDuration(parsing: text)
    } catch {
      throw self.error(error.description)
    }
  }

  /// This node as an object of string values, in file order.
  func stringMap() throws(ScenarioError) -> [(key: String, value: String)] {
    guard let members = value.objectValue else {
      throw error("expected an object of strings, found \(value.typeName)")
    }
    var map: [(key: String, value: String)] = []
    for (key, value) in members {
      map.append((key, try member(key, value).string()))
    }
    return map
  }
}

/// An object node whose keys have been checked; hands out its members as nodes.
struct ScenarioObject {
  let node: ScenarioNode
  let members: [(key: String, value: JSON)]

  /// The member `key` as a node, if present.
  func optional(_ key: String) -> ScenarioNode? {
    guard let value = members.first(where: { $0.key == key })?.value else { return nil }
    return node.member(key, value)
  }

  /// The member `key` as a node; an error naming the missing field otherwise.
  func required(_ key: String) throws(ScenarioError) -> ScenarioNode {
    guard let found = optional(key) else { throw node.error("missing field \"\(key)\"") }
    return found
  }

  /// Whether the member `key` is present.
  func has(_ key: String) -> Bool { members.contains { $0.key == key } }
}
