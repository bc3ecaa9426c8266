import JSONKit

extension TokenClaims {
  /// Decodes a payload object, checking presence and type of every claim and
  /// naming the first one that is wrong. Values and limits are checked
  /// separately by `validate(now:)`.
  public init(json: JSON) throws(TokenError) {
    guard let members = json.objectValue else {
      throw TokenError(
        .malformed, part: "payload", reason: "is \(json.typeName), not a JSON object")
    }
    let reader = ClaimReader(json: json)
    self.init(
      exp: try reader.integer("exp"), iat: try reader.integer("iat"), jti: try reader.string("jti"),
      userId: try reader.optionalString("user_id"), resource: try reader.string("resource"),
      topic: try reader.string("topic"), eventsURL: try reader.string("events_url"),
      whipURL: try reader.string("whip_url"), capabilities: try reader.capabilities(),
      attributes: try reader.attributes(), version: try reader.string("version"),
      extra: members.filter { !TokenClaims.knownClaimNames.contains($0.key) })
  }
}

/// Reads typed claims out of a payload object with uniform error messages.
private struct ClaimReader {
  let json: JSON

  func required(_ name: String) throws(TokenError) -> JSON {
    guard let value = json[name] else {
      throw TokenError(.malformed, part: "claim \(name)", reason: "is missing (required)")
    }
    return value
  }

  func wrongType(_ name: String, _ value: JSON, _ expected: String) -> TokenError {
    TokenError(
      .malformed, part: "claim \(name)", reason: "is \(value.typeName), expected \(expected)")
  }

  func integer(_ name: String) throws(TokenError) -> Int64 {
    let value = try required(name)
    guard let int = value.integerValue else {
      throw wrongType(name, value, "an integer (Unix seconds)")
    }
    return int
  }

  func string(_ name: String) throws(TokenError) -> String {
    let value = try required(name)
    guard let string = value.stringValue else { throw wrongType(name, value, "a string") }
    return string
  }

  func optionalString(_ name: String) throws(TokenError) -> String? {
    guard let value = json[name] else { return nil }
    guard let string = value.stringValue else { throw wrongType(name, value, "a string") }
    return string
  }

  func capabilities() throws(TokenError) -> Capabilities {
    let value = try required("capabilities")
    guard value.objectValue != nil else { throw wrongType("capabilities", value, "an object") }
    return Capabilities(
      publish: try flag(value, "allow_publish"), subscribe: try flag(value, "allow_subscribe"))
  }

  private func flag(_ object: JSON, _ key: String) throws(TokenError) -> Bool {
    guard let value = object[key] else { return false }
    guard let bool = value.boolValue else {
      throw TokenError(
        .malformed, part: "claim capabilities",
        reason: "\"\(key)\" is \(value.typeName), expected a boolean")
    }
    return bool
  }

  func attributes() throws(TokenError) -> [String: String] {
    guard let value = json["attributes"] else { return [:] }
    guard let members = value.objectValue else { throw wrongType("attributes", value, "an object") }
    var result: [String: String] = [:]
    for (key, member) in members {
      guard let string = member.stringValue else {
        throw TokenError(
          .malformed, part: "claim attributes",
          reason: "value of \"\(key)\" is \(member.typeName), expected a string")
      }
      result[key] = string
    }
    return result
  }
}
