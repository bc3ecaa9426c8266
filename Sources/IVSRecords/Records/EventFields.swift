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
  /// The first member longer than IVS allows (`RecordFieldLimit`): the event is skipped with a
  /// note, and the member is never kept (from the stream, never made a string).
  var oversize: OversizeField?

  /// The members of a parsed event (any other value has none).
  init(_ json: JSON) {
    (name, kind) = bounded(json, "name", .enumerated).map(RecordedEvent.modelled) ?? (nil, nil)
    participantId = bounded(json, "participantId", .participantId)
    eventTime = json["eventTime"].flatMap(Self.time)
    remoteParticipantId = bounded(json, "remoteParticipantId", .participantId)
    errorCode = bounded(json, "errorCode", .enumerated)
    destinationStageArn = bounded(json, "destinationStageArn", .stageArn)
    destinationSessionId = bounded(json, "destinationSessionId", .sessionId)
    viaEventBridge = json["via"] == .string("EventBridge")
    previousToken = json["previousToken"]
    newToken = json["newToken"]
    message = json["message"]?.stringValue
  }

  /// The string member `key` of `json`, or nil (absent, another type, or over `limit`: then
  /// `oversize` names it).
  private mutating func bounded(_ json: JSON, _ key: String, _ limit: RecordFieldLimit) -> String? {
    let value = json[key]?.stringValue
    if let over = OversizeField.check(value, limit, field: key) {
      oversize = oversize ?? over
      return nil
    }
    return value
  }

  /// The string next in `stream`, checked against `limit` before it is made a string; nil when
  /// it is another value or over the limit (then `oversize` names it).
  private mutating func bounded(
    _ stream: inout RecordStream, _ key: Member, _ limit: RecordFieldLimit
  ) throws(RecordError) -> String? {
    guard let bytes = try stream.stringBytes() else { return nil }
    if let over = OversizeField.check(utf8: bytes, limit, field: "\(key)") {
      oversize = oversize ?? over
      return nil
    }
    return String(decoding: bytes, as: UTF8.self)
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
        let bytes = try stream.stringBytes()
        if let over = OversizeField.check(utf8: bytes, .enumerated, field: "name") {
          fields.oversize = fields.oversize ?? over
        } else {
          (fields.name, fields.kind) = bytes.map(RecordedEvent.modelled(utf8:)) ?? (nil, nil)
        }
      case .participantId?:
        fields.participantId = try fields.bounded(&stream, .participantId, .participantId)
      case .remoteParticipantId?:
        fields.remoteParticipantId = try fields.bounded(
          &stream, .remoteParticipantId, .participantId)
      case .errorCode?: fields.errorCode = try fields.bounded(&stream, .errorCode, .enumerated)
      case .destinationStageArn?:
        fields.destinationStageArn = try fields.bounded(&stream, .destinationStageArn, .stageArn)
      case .destinationSessionId?:
        fields.destinationSessionId = try fields.bounded(
          &stream, .destinationSessionId, .sessionId)
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
