import JSONKit

/// Amazon EventBridge "IVS Stage Update" events (records README §3): snake-case detail,
/// stage ARN in `resources[0]`, only publish-related names, possibly delivered twice.
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
      let type = json["detail-type"].map(JSONWriter.compact) ?? "none"
      issues.append(
        RecordIssue(
          origin: place.description,
          message: "EventBridge event of detail-type \(type), not \"IVS Stage Update\"; skipped",
          isInvalid: true))
      return
    }
    if let id = json["id"]?.stringValue, !eventBridgeIDs.insert(id).inserted {
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
      let participant = detail["participant_id"]?.stringValue, !participant.isEmpty,
      let time = detail["event_time"]?.stringValue
    else {
      issues.append(
        RecordIssue(
          origin: detailPlace.description,
          message: "EventBridge detail without \"event_name\", \"participant_id\" or "
            + "\"event_time\"; skipped", isInvalid: true))
      return
    }
    let name = Self.eventBridgeNames[eventName] ?? eventName
    if let userId = detail["user_id"]?.stringValue, !userId.isEmpty {
      var record = ParticipantRecord(id: participant)
      record.userId = userId
      describe(record)
    }
    let event = RecordedEvent(
      name: name, kind: RecordedEvent.modelledKinds[name], participantId: participant,
      time: try detailPlace.timestamp(time, member: "event_time"),
      errorCode: detail["error_code"]?.stringValue, viaEventBridge: true, place: place)
    if event.kind == nil, !RecordedEvent.knownOutsideModel.contains(name) {
      issues.append(
        RecordIssue(
          origin: place.description,
          message: "unknown EventBridge event_name \"\(eventName)\": kept, outside the model",
          isInvalid: false))
    }
    events.append(event)
  }
}
