import InputKit
import JSONKit

/// Amazon EventBridge "IVS Stage Update" events (records README §3): snake-case detail,
/// stage ARN in `resources[0]`, publish and replication names mapped (the token-exchange
/// event the current page lists is not: its English name is unread, so it stays an unknown
/// name, outside the model; docs/LIVE.md), possibly delivered twice. The
/// detail may carry no time (AWS's own example has `session_id`, `event_name`, `user_id`,
/// `participant_id` only): the event is then timed by the envelope's `time`, whole seconds.
extension RecordSet {
  /// EventBridge `event_name` → the ListParticipantEvents name it stands for.
  static let eventBridgeNames: [String: String] = [
    "Participant Published": "PUBLISH_STARTED",
    "Participant Unpublished": "PUBLISH_STOPPED",
    "Participant Publish Error": "PUBLISH_ERROR",
    "Replication Started": "REPLICATION_STARTED",
    "Replication Ended": "REPLICATION_STOPPED",
    "Replication Stopped": "REPLICATION_STOPPED",
  ]

  mutating func readEventBridge(_ json: JSON, at place: RecordPlace) throws(RecordError) {
    guard json["detail-type"]?.stringValue == "IVS Stage Update", let detail = json["detail"] else {
      let type = json["detail-type"].map { Excerpt.of(JSONWriter.compact($0)) } ?? "none"
      issues.append(
        RecordIssue(
          origin: place.description,
          message: "EventBridge event of detail-type \(type), not \"IVS Stage Update\"; skipped",
          isInvalid: true))
      return
    }
    if let over = Self.oversize(eventBridge: json, detail: detail) {
      return skip(over, "EventBridge event", at: place)
    }
    if let id = json["id"]?.stringValue, !insertEventBridgeID(id) {
      repeatedDeliveries += 1
      return
    }
    if let arn = json["resources"]?.arrayValue?.first?.stringValue {
      try noteStage(arn, origin: place.description)
    }
    if let session = detail["session_id"]?.stringValue {
      try noteSession(session, origin: place.description)
    }
    let detailPlace = place.member("detail")
    guard let eventName = detail["event_name"]?.stringValue,
      let participant = detail["participant_id"]?.stringValue, !participant.isEmpty
    else {
      issues.append(
        RecordIssue(
          origin: detailPlace.description,
          message: "EventBridge detail without \"event_name\" or \"participant_id\"; skipped",
          isInvalid: true))
      return
    }
    let time: Int64
    var wholeSecond = false
    if let detailTime = detail["event_time"]?.stringValue {
      time = try detailPlace.timestamp(detailTime, member: "event_time")
      // Without a fraction it says the second, not the moment in it (finding 20746).
      wholeSecond = time % 1000 == 0
    } else if let envelopeTime = json["time"]?.stringValue {
      time = try place.timestamp(envelopeTime, member: "time")
      envelopeTimedEvents += 1
      wholeSecond = true
    } else {
      issues.append(
        RecordIssue(
          origin: place.description,
          message: "EventBridge event with neither \"time\" nor \"detail.event_time\"; skipped",
          isInvalid: true))
      return
    }
    let name = Self.eventBridgeNames[eventName] ?? eventName
    if let userId = detail["user_id"]?.stringValue, !userId.isEmpty {
      var record = ParticipantRecord(id: participant)
      record.userId = userId
      describe(record)
    }
    var event = RecordedEvent(
      name: name, kind: RecordedEvent.modelledKinds[name], participantId: participant,
      time: time,
      errorCode: detail["error_code"]?.stringValue, viaEventBridge: true, place: place)
    event.hasWholeSecondTime = wholeSecond
    if event.kind == nil, !RecordedEvent.knownOutsideModel.contains(name) {
      issues.append(
        RecordIssue(
          origin: place.description,
          message:
            "unknown EventBridge event_name \(Excerpt.quoted(eventName)): kept, outside the model",
          isInvalid: false))
    }
    events.append(event)
  }

  /// The first string of an EventBridge event that stagemon keeps and that is over its limit
  /// (`RecordFieldLimit`), or nil.
  private static func oversize(eventBridge json: JSON, detail: JSON) -> OversizeField? {
    let strings: [(String, String?, RecordFieldLimit)] = [
      ("id", json["id"]?.stringValue, .other),
      ("resources[0]", json["resources"]?.arrayValue?.first?.stringValue, .stageArn),
      ("detail.session_id", detail["session_id"]?.stringValue, .sessionId),
      ("detail.participant_id", detail["participant_id"]?.stringValue, .participantId),
      ("detail.user_id", detail["user_id"]?.stringValue, .userId),
      ("detail.event_name", detail["event_name"]?.stringValue, .enumerated),
      ("detail.error_code", detail["error_code"]?.stringValue, .enumerated),
    ]
    for (field, value, limit) in strings {
      if let over = OversizeField.check(value, limit, field: field) { return over }
    }
    return nil
  }
}
