import JSONKit
import StageEngine

/// The members of one ListParticipantEvents `Event` the reader uses, taken from a parsed
/// `JSON` object or read straight from the stream: a long record's million event objects
/// then build no `JSON` value each. Members of another type than the reader expects are
/// absent, as `JSON.stringValue` has them.
struct EventFields {
  /// The name, spelled as `RecordedEvent.modelledKinds` does when the model knows it.
  var name: String?
  /// The model's kind for `name`.
  var kind: EventKind?
  var participantId: String?
  /// UTF-8, read only to be converted (from the stream: a slice of the input, no copy).
  var eventTime: ArraySlice<UInt8>?
  var remoteParticipantId: String?
  var errorCode: String?
  /// REPLICATION_*: `destinationStageArn` and `destinationSessionId`.
  var destinationStageArn: String?
  var destinationSessionId: String?
  /// `"via": "EventBridge"` (written by `RecordedJSON` for events EventBridge delivered).
  var viaEventBridge = false
  var previousToken: JSON?
  var newToken: JSON?
  /// `aws logs filter-log-events` output's `events[].message`: the logged text (an
  /// EventBridge event, when a rule sends IVS events to CloudWatch Logs).
  var message: String?

  /// The members of a parsed event (any other value has none).
  init(_ json: JSON) {
    (name, kind) = json["name"]?.stringValue.map(RecordedEvent.modelled) ?? (nil, nil)
    participantId = json["participantId"]?.stringValue
    eventTime = json["eventTime"].flatMap(Self.time)
    remoteParticipantId = json["remoteParticipantId"]?.stringValue
    errorCode = json["errorCode"]?.stringValue
    destinationStageArn = json["destinationStageArn"]?.stringValue
    destinationSessionId = json["destinationSessionId"]?.stringValue
    viaEventBridge = json["via"] == .string("EventBridge")
    previousToken = json["previousToken"]
    newToken = json["newToken"]
    message = json["message"]?.stringValue
  }

  /// A timestamp member's text: a string as it is, an epoch number as its digits.
  private static func time(_ json: JSON) -> ArraySlice<UInt8>? {
    switch json {
    case .string(let text): return Array(text.utf8)[...]
    case .integer(let number): return Array(String(number).utf8)[...]
    case .number(let number) where number.isFinite && number >= 0 && number < 1e15:
      let milliseconds = Int64((number * 1000).rounded())
      return Array("\(milliseconds / 1000).\(String(milliseconds % 1000 + 1000).dropFirst())".utf8)[
        ...]
    default: return nil
    }
  }

  /// Nothing read yet.
  private init() {}

  /// The members of the value that comes next in `stream`: an object's are read one by
  /// one, the members the reader does not use parsed (so checked) and dropped; any other
  /// value is parsed whole.
  static func next(in stream: inout RecordStream) throws(RecordError) -> EventFields {
    guard stream.peek() == UInt8(ascii: "{") else { return EventFields(try stream.value()) }
    var fields = EventFields()
    var key = try stream.beginObject(matching: Member.names)
    while let read = key {
      switch Member(read) {
      case .eventTime?:
        fields.eventTime =
          stream.peek() == UInt8(ascii: "\"")
          ? try stream.stringBytes() : Self.time(try stream.value())
      case .name?:
        (fields.name, fields.kind) =
          try stream.stringBytes().map(RecordedEvent.modelled(utf8:)) ?? (nil, nil)
      case .participantId?: fields.participantId = try stream.string()
      case .remoteParticipantId?: fields.remoteParticipantId = try stream.string()
      case .errorCode?: fields.errorCode = try stream.string()
      case .destinationStageArn?: fields.destinationStageArn = try stream.string()
      case .destinationSessionId?: fields.destinationSessionId = try stream.string()
      case .via?: fields.viaEventBridge = try stream.string() == "EventBridge"
      case .previousToken?: fields.previousToken = try stream.value()
      case .newToken?: fields.newToken = try stream.value()
      case .message?: fields.message = try stream.string()
      case nil: try stream.skipValue()
      }
      key = try stream.nextKey(matching: Member.names)
    }
    return fields
  }

  /// The members read, named as the JSON names them (matched as bytes: no string per key).
  private enum Member: Int, CaseIterable {
    case eventTime, name, participantId, remoteParticipantId, errorCode, via, previousToken
    case newToken, destinationStageArn, destinationSessionId, message

    static let names = MemberNames(allCases.map { "\($0)" })

    init?(_ key: MemberKey) {
      guard case .known(let position) = key else { return nil }
      self.init(rawValue: position)
    }
  }
}
