import JSONKit

/// The IVS real-time operations stagemon uses, one method each, named after the API's
/// operations; each returns the service's answer as sent (the files `fetch` writes are these).
extension IVSRealTimeClient {
  /// The largest page the list operations allow.
  public static let pageSize: Int64 = 100

  /// `GetStage`: the stage and its active session.
  public func getStage(arn: String) throws(AWSError) -> JSON {
    try call("GetStage", .object([("arn", .string(arn))]))
  }

  /// `ListStageSessions`: one page of the stage's sessions.
  public func listStageSessions(stageArn: String, nextToken: String?) throws(AWSError) -> JSON {
    try call("ListStageSessions", Self.page(["stageArn": stageArn], nextToken))
  }

  /// `GetStageSession`: one session's start and end.
  public func getStageSession(stageArn: String, sessionId: String) throws(AWSError) -> JSON {
    try call(
      "GetStageSession",
      .object([("stageArn", .string(stageArn)), ("sessionId", .string(sessionId))]))
  }

  /// `ListParticipants`: one page of a session's participants.
  public func listParticipants(stageArn: String, sessionId: String, nextToken: String?)
    throws(AWSError) -> JSON
  {
    try call(
      "ListParticipants", Self.page(["stageArn": stageArn, "sessionId": sessionId], nextToken))
  }

  /// `GetParticipant`: one participant with its client's OS, browser and SDK.
  public func getParticipant(stageArn: String, sessionId: String, participantId: String)
    throws(AWSError) -> JSON
  {
    try call(
      "GetParticipant",
      .object([
        ("stageArn", .string(stageArn)), ("sessionId", .string(sessionId)),
        ("participantId", .string(participantId)),
      ]))
  }

  /// `ListParticipantEvents`: one page of a participant's events.
  public func listParticipantEvents(
    stageArn: String, sessionId: String, participantId: String, nextToken: String?
  ) throws(AWSError) -> JSON {
    try call(
      "ListParticipantEvents",
      Self.page(
        ["stageArn": stageArn, "sessionId": sessionId, "participantId": participantId], nextToken))
  }

  /// `CreateParticipantToken`: a token IVS signs (it cannot be exchanged).
  public func createParticipantToken(
    stageArn: String, userId: String?, attributes: [(key: String, value: JSON)],
    capabilities: [String], durationMinutes: Int64?
  ) throws(AWSError) -> JSON {
    var members: [(key: String, value: JSON)] = [("stageArn", .string(stageArn))]
    if let userId { members.append(("userId", .string(userId))) }
    if !attributes.isEmpty { members.append(("attributes", .object(attributes))) }
    if !capabilities.isEmpty {
      members.append(("capabilities", .array(capabilities.map(JSON.string))))
    }
    if let durationMinutes { members.append(("duration", .integer(durationMinutes))) }
    return try call("CreateParticipantToken", .object(members))
  }

  /// `ImportPublicKey`: registers a public key for tokens stagemon signs.
  public func importPublicKey(material: String, name: String?) throws(AWSError) -> JSON {
    var members: [(key: String, value: JSON)] = [("publicKeyMaterial", .string(material))]
    if let name { members.append(("name", .string(name))) }
    return try call("ImportPublicKey", .object(members))
  }

  /// `ListPublicKeys`: one page of the account's public keys in this region.
  public func listPublicKeys(nextToken: String?) throws(AWSError) -> JSON {
    try call("ListPublicKeys", Self.page([:], nextToken))
  }

  /// `DeletePublicKey`.
  public func deletePublicKey(arn: String) throws(AWSError) -> JSON {
    try call("DeletePublicKey", .object([("arn", .string(arn))]))
  }

  /// A list request: the fields in a fixed order, the largest page, the token unchanged.
  private static func page(_ fields: [String: String], _ nextToken: String?) -> JSON {
    var members = fields.keys.sorted().map { (key: $0, value: JSON.string(fields[$0] ?? "")) }
    members.append(("maxResults", .integer(pageSize)))
    if let nextToken { members.append(("nextToken", .string(nextToken))) }
    return .object(members)
  }
}
