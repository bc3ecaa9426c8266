import JSONKit

/// The IVS real-time operations stagemon uses, one method each, named after the API's
/// operations (`IVSOperation` holds their names, rates and listings); each returns the
/// service's answer as sent, and a listing every page's items (the files `fetch` writes are
/// these).
extension IVSRealTimeClient {
  /// `GetStage`: the stage and its active session.
  public func getStage(arn: String) throws(AWSError) -> JSON {
    try call(.getStage, .object([("arn", .string(arn))]))
  }

  /// `ListStageSessions`: every session of the stage.
  public func listStageSessions(stageArn: String) throws(AWSError) -> [JSON] {
    try allPages(.listStageSessions, [("stageArn", .string(stageArn))])
  }

  /// `GetStageSession`: one session's start and end.
  public func getStageSession(stageArn: String, sessionId: String) throws(AWSError) -> JSON {
    try call(
      .getStageSession,
      .object([("stageArn", .string(stageArn)), ("sessionId", .string(sessionId))]))
  }

  /// `ListParticipants`: every participant of a session, as IVS orders them.
  public func listParticipants(stageArn: String, sessionId: String) throws(AWSError) -> [JSON] {
    try allPages(
      .listParticipants, [("sessionId", .string(sessionId)), ("stageArn", .string(stageArn))])
  }

  /// `GetParticipant`: one participant with its client's OS, browser and SDK.
  public func getParticipant(stageArn: String, sessionId: String, participantId: String)
    throws(AWSError) -> JSON
  {
    try call(
      .getParticipant,
      .object([
        ("stageArn", .string(stageArn)), ("sessionId", .string(sessionId)),
        ("participantId", .string(participantId)),
      ]))
  }

  /// `ListParticipantEvents`: every event of a participant, in the order IVS sent them.
  public func listParticipantEvents(stageArn: String, sessionId: String, participantId: String)
    throws(AWSError) -> [JSON]
  {
    try allPages(
      .listParticipantEvents,
      [
        ("participantId", .string(participantId)), ("sessionId", .string(sessionId)),
        ("stageArn", .string(stageArn)),
      ])
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
    return try call(.createParticipantToken, .object(members))
  }

  /// `ImportPublicKey`: registers a public key for tokens stagemon signs.
  public func importPublicKey(material: String, name: String?) throws(AWSError) -> JSON {
    var members: [(key: String, value: JSON)] = [("publicKeyMaterial", .string(material))]
    if let name { members.append(("name", .string(name))) }
    return try call(.importPublicKey, .object(members))
  }

  /// `ListPublicKeys`: every public key of the account in this region.
  public func listPublicKeys() throws(AWSError) -> [JSON] {
    try allPages(.listPublicKeys, [])
  }

  /// `DeletePublicKey`.
  public func deletePublicKey(arn: String) throws(AWSError) -> JSON {
    try call(.deletePublicKey, .object([("arn", .string(arn))]))
  }
}
