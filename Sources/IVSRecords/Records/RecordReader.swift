import InputKit
import JSONKit
import TokenCore

/// Recognises IVS record files by their shape and reads them into a `RecordSet`: each
/// file may hold one document, several pasted one after another, JSON lines, or a JSON
/// array, in any mix of the accepted shapes.
extension RecordSet {
  /// The shapes `read` accepts, for the message about a file of no known shape.
  public static let acceptedShapes =
    "list-participant-events output {\"events\": [...]}, get-participant {\"participant\": {...}}, "
    + "list-participants {\"participants\": [...]}, get-stage-session {\"stageSession\": {...}}, "
    + "get-composition {\"composition\": {...}}, "
    + "or EventBridge \"IVS Stage Update\" events (one, a JSON array, or JSON lines)"

  /// Reads a record already held as JSON (`attach`'s poller parsed the API's answers) as its
  /// text would be read, without writing it out and parsing it again.
  public mutating func read(json: JSON, file: String) throws(RecordError) {
    files.append(file)
    try readDocument(json, at: RecordPlace(file: file, path: ""))
  }

  /// Reads the `recorded` array of an imported scenario (ListParticipantEvents events).
  public mutating func readRecorded(_ recorded: JSON, file: String) throws(RecordError) {
    try readEvents(recorded, at: RecordPlace(file: file, path: "recorded"))
  }

  mutating func readDocument(_ json: JSON, at place: RecordPlace) throws(RecordError) {
    switch json {
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        try readDocument(element, at: place.index(index))
      }
    case .object:
      if let events = json["events"] {
        let first = self.events.count
        try readEvents(events, at: place.member("events"))
        notePage(
          events: first..<self.events.count, nextToken: json["nextToken"]?.stringValue, at: place)
      } else if json["kind"]?.stringValue == "stagemon-fetch-manifest" {
        try readManifest(json, at: place)
      } else if let participant = json["participant"] {
        readParticipant(participant, at: place.member("participant"))
      } else if let participants = json["participants"], case .array(let list) = participants {
        for (index, summary) in list.enumerated() {
          readParticipant(summary, at: place.member("participants").index(index))
        }
        listings.append(
          ParticipantListing(
            origin: place.description,
            ids: Set(list.compactMap { $0["participantId"]?.stringValue }),
            isPaged: !(json["nextToken"]?.stringValue ?? "").isEmpty))
      } else if let composition = json["composition"], composition["layout"] != nil {
        try readComposition(composition, at: place.member("composition"))
      } else if let session = json["stageSession"] {
        try readSession(session, at: place.member("stageSession"))
      } else if json["detail-type"] != nil || json["detail"] != nil {
        try readEventBridge(json, at: place)
      } else if json["eventTime"] != nil || json["participantId"] != nil {
        try readEvent(json, at: place)
      } else if let entries = json["log"]?["entries"]?.arrayValue {
        try readHAR(entries, at: place.member("log").member("entries"))
      } else if let message = Self.awsErrorBody(json) {
        throw place.error(message)
      } else {
        throw place.error("not a known IVS record shape; accepted: \(Self.acceptedShapes)")
      }
    default:
      throw place.error(
        "not a known IVS record shape (a \(json.typeName)); accepted: \(Self.acceptedShapes)")
    }
  }

  /// An AWS error response (`{"__type": …, "message": …}`, `{"Error": {"Code", "Message"}}`,
  /// `{"code", "message"}`) in words, or nil: a customer who pastes one sent no records.
  static func awsErrorBody(_ json: JSON) -> String? {
    let body = json["Error"] ?? json
    let type = body["__type"]?.stringValue ?? body["Code"]?.stringValue ?? body["code"]?.stringValue
    guard let type else { return nil }
    let code = type.split(separator: "#").last.map(String.init) ?? type
    let message = body["message"]?.stringValue ?? body["Message"]?.stringValue ?? ""
    return RecordText.awsError(code: code, message: message)
  }

  mutating func readEvents(_ json: JSON, at place: RecordPlace) throws(RecordError) {
    guard case .array(let elements) = json else {
      throw place.error("expected an array of events, found \(json.typeName)")
    }
    for (index, element) in elements.enumerated() {
      try readEvent(element, at: place.index(index))
    }
  }

  /// One ListParticipantEvents `Event`; without `name`, `participantId` or `eventTime` it
  /// is reported and skipped.
  mutating func readEvent(_ json: JSON, at place: RecordPlace) throws(RecordError) {
    try readEvent(EventFields(json), at: place)
  }

  /// See `readEvent(_:at:)`; the members as the stream or a parsed object gave them.
  mutating func readEvent(_ fields: EventFields, at place: RecordPlace) throws(RecordError) {
    if let over = fields.oversize ?? Self.oversize(token: fields.previousToken, "previousToken")
      ?? Self.oversize(token: fields.newToken, "newToken")
    {
      return skip(over, "event", at: place)
    }
    if fields.name == nil, fields.participantId == nil, let message = fields.message {
      return try readLogMessage(message, at: place.member("message"))
    }
    guard let name = fields.name, let participant = fields.participantId,
      let time = fields.eventTime, !participant.isEmpty
    else {
      let missing = [
        ("name", fields.name?.isEmpty), ("participantId", fields.participantId?.isEmpty),
        ("eventTime", fields.eventTime?.isEmpty),
      ]
      .filter { $0.1 ?? true }.map { "\"\($0.0)\"" }
      issues.append(
        RecordIssue(
          origin: place.description,
          message: "event without \(missing.joined(separator: ", ")); skipped", isInvalid: true))
      return
    }
    var event = RecordedEvent(
      name: name, kind: fields.kind, participantId: participant,
      time: try place.timestamp(utf8: time, member: "eventTime"),
      remoteParticipantId: fields.remoteParticipantId, errorCode: fields.errorCode,
      destination: Self.destination(fields), viaEventBridge: fields.viaEventBridge, place: place)
    event.previousToken = try fields.previousToken.map { j throws(RecordError) in
      try readToken(j, at: place.member("previousToken"))
    }
    event.newToken = try fields.newToken.map { j throws(RecordError) in
      try readToken(j, at: place.member("newToken"))
    }
    noteUnknown(event, at: place)
    events.append(consume event)  // moved, not copied: a million events are read
  }

  /// A browser HAR file (the AWS console's network log): each answer of an IVS real-time
  /// API call it holds (`response.content.text`, JSON of a known shape) is read as if sent
  /// alone; a HAR with none is refused, saying what to send instead.
  mutating func readHAR(_ entries: [JSON], at place: RecordPlace) throws(RecordError) {
    var answers = 0
    for (index, entry) in entries.enumerated() {
      guard let url = entry["request"]?["url"]?.stringValue, url.contains("ivsrealtime"),
        let content = entry["response"]?["content"],
        content["encoding"]?.stringValue != "base64",
        let text = content["text"]?.stringValue,
        let json = try? JSONParser.parse(text),
        json["events"] != nil || json["participant"] != nil || json["participants"] != nil
          || json["stageSession"] != nil
      else { continue }
      answers += 1
      try readDocument(json, at: place.index(index).member("response.content.text"))
    }
    guard answers == 0 else { return }
    throw place.error(
      "a browser HAR file holding no IVS real-time API answers: send the output of"
        + " `aws ivs-realtime list-participant-events … --output json` for each participant"
        + " (and get-participant, get-stage-session) instead")
  }

  /// A CloudWatch Logs message (`aws logs filter-log-events` output, a Logs Insights export):
  /// the EventBridge event a rule logged, read as if sent alone; any other text is skipped
  /// with a note saying what the records need.
  mutating func readLogMessage(_ message: String, at place: RecordPlace) throws(RecordError) {
    let json: JSON
    do {
      json = try JSONParser.parse(message)
    } catch {
      issues.append(
        RecordIssue(
          origin: place.description,
          message: "a log message that is not JSON; skipped (IVS events are logged as EventBridge"
            + " JSON)", isInvalid: true))
      return
    }
    guard json["detail-type"] != nil || json["detail"] != nil else {
      issues.append(
        RecordIssue(
          origin: place.description,
          message: "a log message that is not an EventBridge event; skipped", isInvalid: true))
      return
    }
    try readEventBridge(json, at: place)
  }

  /// Notes a record skipped for a value over its limit (`RecordFieldLimit`): the records are
  /// invalid (exit 1), the rest of the file is still read.
  mutating func skip(_ over: OversizeField, _ what: String, at place: RecordPlace) {
    issues.append(
      RecordIssue(origin: place.description, message: over.note(skipping: what), isInvalid: true))
  }

  /// A token's `userId` or `attributes` over IVS's limits, or nil.
  private static func oversize(token json: JSON?, _ name: String) -> OversizeField? {
    guard let json else { return nil }
    return OversizeField.check(json["userId"]?.stringValue, .userId, field: "\(name).userId")
      ?? OversizeField.check(attributes: json["attributes"], field: "\(name).attributes")
  }

  /// `arn (st-…)` of a REPLICATION_* event, or nil.
  private static func destination(_ fields: EventFields) -> String? {
    guard let arn = fields.destinationStageArn else { return nil }
    return fields.destinationSessionId.map { "\(arn) (\($0))" } ?? arn
  }

  private mutating func noteUnknown(_ event: RecordedEvent, at place: RecordPlace) {
    if event.kind == nil, !RecordedEvent.knownOutsideModel.contains(event.name) {
      issues.append(
        RecordIssue(
          origin: place.description,
          message: "unknown event name \(Excerpt.quoted(event.name)): kept, outside the model",
          isInvalid: false))
    }
    if let code = event.errorCode, !RecordedEvent.knownErrorCodes.contains(code) {
      issues.append(
        RecordIssue(
          origin: place.description, message: "unknown error code \(Excerpt.quoted(code)): kept",
          isInvalid: false))
    }
  }

  private mutating func readToken(_ json: JSON, at place: RecordPlace) throws(RecordError)
    -> RecordedToken
  {
    var capabilities = Capabilities()
    for name in json["capabilities"]?.arrayValue ?? [] {
      switch name.stringValue {
      case "PUBLISH": capabilities.publish = true
      case "SUBSCRIBE": capabilities.subscribe = true
      default:
        issues.append(
          RecordIssue(
            origin: place.description,
            message: "unknown capability \(Excerpt.of(JSONWriter.compact(name))): ignored",
            isInvalid: false))
      }
    }
    var attributes: [String: String] = [:]
    for (key, value) in json["attributes"]?.objectValue ?? [] {
      attributes[key] = value.stringValue ?? JSONWriter.compact(value)
    }
    let expiry = try json["expirationTime"]?.stringValue.map { text throws(RecordError) in
      try place.timestamp(text, member: "expirationTime").floorDivided(by: 1000)
    }
    return RecordedToken(
      capabilities: capabilities, attributes: attributes, userId: json["userId"]?.stringValue,
      expirationTime: expiry)
  }

  private mutating func readParticipant(_ json: JSON, at place: RecordPlace) {
    if let over = Self.oversize(participant: json) {
      return skip(over, "participant", at: place)
    }
    guard let id = json["participantId"]?.stringValue, !id.isEmpty else {
      issues.append(
        RecordIssue(
          origin: place.description, message: "participant without \"participantId\"; skipped",
          isInvalid: true))
      return
    }
    var record = ParticipantRecord(id: id)
    record.userId = json["userId"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    record.attributes = json["attributes"]?.objectValue.map { members in
      Dictionary(
        members.map { ($0.key, $0.value.stringValue ?? "") }, uniquingKeysWith: { a, _ in a })
    }
    record.osName = nonEmpty(json["osName"])
    record.browserName = nonEmpty(json["browserName"])
    record.sdkVersion = nonEmpty(json["sdkVersion"])
    record.firstJoinTime = json["firstJoinTime"]?.stringValue.flatMap(RecordTime.milliseconds)
    record.state = nonEmpty(json["state"])
    describe(record)
  }

  /// The first of a get-participant / list-participants entry's fields over IVS's limits, or nil.
  private static func oversize(participant json: JSON) -> OversizeField? {
    let strings: [(String, RecordFieldLimit)] = [
      ("participantId", .participantId), ("userId", .userId), ("osName", .clientAttribute),
      ("browserName", .clientAttribute), ("sdkVersion", .clientAttribute), ("state", .enumerated),
    ]
    for (key, limit) in strings {
      if let over = OversizeField.check(json[key]?.stringValue, limit, field: key) { return over }
    }
    return OversizeField.check(attributes: json["attributes"], field: "attributes")
  }

  private func nonEmpty(_ json: JSON?) -> String? {
    json?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
  }

  private mutating func readSession(_ json: JSON, at place: RecordPlace) throws(RecordError) {
    if let over = OversizeField.check(
      json["sessionId"]?.stringValue, .sessionId, field: "sessionId")
    {
      return skip(over, "stage session", at: place)
    }
    if let id = json["sessionId"]?.stringValue { try noteSession(id, origin: place.description) }
    if let start = json["startTime"]?.stringValue {
      sessionStart = try place.timestamp(start, member: "startTime")
      sessionBoundsOrigin = place.file
    }
    if let end = json["endTime"]?.stringValue, !end.isEmpty {
      sessionEnd = try place.timestamp(end, member: "endTime")
      sessionBoundsOrigin = place.file
    }
  }
}
