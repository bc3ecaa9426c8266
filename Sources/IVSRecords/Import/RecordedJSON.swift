import JSONKit
import StageEngine

/// The `recorded` array of an imported scenario: the recorded events as
/// ListParticipantEvents writes them (so `RecordSet.readRecorded` reads them back), oldest
/// first, with `"via": "EventBridge"` on those that came from EventBridge.
enum RecordedJSON {
  static func array(_ events: [RecordedEvent]) -> JSON {
    .array(events.map(event))
  }

  static func event(_ event: RecordedEvent) -> JSON {
    var members: [(key: String, value: JSON)] = [
      ("name", .string(event.name)), ("participantId", .string(event.participantId)),
      ("eventTime", .string(RecordTime.iso8601(milliseconds: event.time))),
    ]
    if let remote = event.remoteParticipantId {
      members.append(("remoteParticipantId", .string(remote)))
    }
    if let code = event.errorCode { members.append(("errorCode", .string(code))) }
    if let destination = event.destination {
      let parts = destination.split(separator: " ", maxSplits: 1)
      members.append(("destinationStageArn", .string(String(parts[0]))))
      if parts.count == 2 {
        members.append(("destinationSessionId", .string(String(parts[1].dropFirst().dropLast()))))
      }
    }
    if let previous = event.previousToken { members.append(("previousToken", token(previous))) }
    if let new = event.newToken { members.append(("newToken", token(new))) }
    if event.viaEventBridge { members.append(("via", .string("EventBridge"))) }
    return .object(members)
  }

  private static func token(_ token: RecordedToken) -> JSON {
    var members: [(key: String, value: JSON)] = [
      ("capabilities", .array(token.capabilities.names.map { .string($0.uppercased()) })),
      (
        "attributes",
        .object(token.attributes.keys.sorted().map { ($0, .string(token.attributes[$0] ?? "")) })
      ),
    ]
    if let userId = token.userId { members.append(("userId", .string(userId))) }
    if let expiry = token.expirationTime {
      members.append(("expirationTime", .string(VirtualTime.iso8601(expiry))))
    }
    return .object(members)
  }
}
