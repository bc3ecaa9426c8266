import InputKit
import JSONKit

/// The longest value the reader keeps of each field a record holds, so a huge value in a
/// customer's file (a participant ID, a `user_id`, an attribute, an error code) is refused
/// where it is read, with a note naming it, instead of being copied into every structure an
/// import builds after it. Each limit is the IVS real-time API's own where its reference states
/// one (the page is named beside it); where it states none (enumerated names, EventBridge's
/// `id`) the limit is stagemon's, far above any value IVS sends (`isStagemons`).
struct RecordFieldLimit: Sendable {
  /// The most a value may hold: Unicode scalars for a string (the API reference counts
  /// characters), UTF-8 bytes of keys and values together for an attribute map.
  let maximum: Int
  /// Where the limit comes from, for the note: an API reference page, or stagemon.
  let source: String
  /// Whether stagemon chose the limit (the API reference states none for the field).
  let isStagemons: Bool

  private init(_ maximum: Int, aws page: String) {
    self.maximum = maximum
    source = "the IVS real-time API reference, \(page)"
    isStagemons = false
  }

  private init(stagemons maximum: Int) {
    self.maximum = maximum
    source = "stagemon's bound: IVS states no length for it"
    isStagemons = true
  }

  /// `participantId`, `remoteParticipantId`, EventBridge `participant_id`: "Maximum length of
  /// 64", https://docs.aws.amazon.com/ivs/latest/RealTimeAPIReference/API_Event.html (also
  /// API_Participant.html, API_ParticipantSummary.html).
  static let participantId = RecordFieldLimit(64, aws: "Event, Participant (participantId)")

  /// `userId` (get-participant, list-participants, a token in `TOKEN_EXCHANGED`), EventBridge
  /// `user_id`: "Maximum length of 128",
  /// https://docs.aws.amazon.com/ivs/latest/RealTimeAPIReference/API_ParticipantSummary.html and
  /// https://docs.aws.amazon.com/ivs/latest/RealTimeAPIReference/API_ExchangedParticipantToken.html.
  static let userId = RecordFieldLimit(
    128, aws: "ParticipantSummary, ExchangedParticipantToken (userId)")

  /// `attributes`, keys and values together: "The maximum length of this field is 1 KB total",
  /// https://docs.aws.amazon.com/ivs/latest/RealTimeAPIReference/API_Participant.html and
  /// API_ExchangedParticipantToken.html. Counted as UTF-8 bytes of keys and values (1,024), the
  /// most generous reading of "1 KB".
  static let attributes = RecordFieldLimit(1_024, aws: "Participant (attributes: 1 KB total)")

  /// get-participant's `osName`, `browserName`, `sdkVersion`: "Maximum length of 128",
  /// https://docs.aws.amazon.com/ivs/latest/RealTimeAPIReference/API_Participant.html.
  static let clientAttribute = RecordFieldLimit(128, aws: "Participant")

  /// `sessionId` (get-stage-session), EventBridge `session_id`, `destinationSessionId`: "Fixed
  /// length of 16", https://docs.aws.amazon.com/ivs/latest/RealTimeAPIReference/API_StageSession.html
  /// (and API_Event.html).
  static let sessionId = RecordFieldLimit(16, aws: "StageSession (sessionId)")

  /// A stage ARN (EventBridge `resources`, get-composition's `stageArn`,
  /// `destinationStageArn`): "Maximum length of 128",
  /// https://docs.aws.amazon.com/ivs/latest/RealTimeAPIReference/API_Event.html.
  static let stageArn = RecordFieldLimit(128, aws: "Event (destinationStageArn)")

  /// get-composition's `featuredParticipantAttribute`, `participantOrderAttribute`,
  /// `pipParticipantAttribute`: "Maximum length of 128",
  /// https://docs.aws.amazon.com/ivs/latest/RealTimeAPIReference/API_GridConfiguration.html
  /// (and API_PipConfiguration.html).
  static let attributeKey = RecordFieldLimit(128, aws: "GridConfiguration, PipConfiguration")

  /// A page's `nextToken`: "Maximum length of 1024",
  /// https://docs.aws.amazon.com/ivs/latest/RealTimeAPIReference/API_ListParticipantEvents.html.
  static let nextToken = RecordFieldLimit(1_024, aws: "ListParticipantEvents (nextToken)")

  /// Enumerated names: an event's `name` and `errorCode`, EventBridge's `event_name` and
  /// `error_code`, a participant's `state`, a composition's `pipPosition`/`pipBehavior`. The
  /// API reference lists their valid values (the longest, `INTERNAL_SERVER_EXCEPTION`, has 25
  /// characters) and no length; a name IVS adds later is kept with a note, up to this bound.
  static let enumerated = RecordFieldLimit(stagemons: 128)

  /// Any other string a record holds that stagemon keeps (EventBridge's delivery `id`).
  static let other = RecordFieldLimit(stagemons: 4_096)

  /// The size of `value` as this limit counts it.
  static func length(of value: String) -> Int { value.unicodeScalars.count }

  /// The size of an attribute map as `attributes` counts it: UTF-8 bytes of keys and values
  /// (a value that is not a string, as its compact JSON: a token's reader keeps it so).
  static func length(ofAttributes members: [(key: String, value: JSON)]) -> Int {
    members.reduce(0) { total, member in total + length(ofAttribute: member) }
  }

  /// One attribute's share of `length(ofAttributes:)`.
  static func length(ofAttribute member: (key: String, value: JSON)) -> Int {
    member.key.utf8.count
      + (member.value.stringValue?.utf8.count ?? JSONWriter.compact(member.value).utf8.count)
  }
}

/// A value over its `RecordFieldLimit`, found where a record is read: the field, its length and
/// the limit, worded for the note that says the record was skipped.
struct OversizeField: Sendable {
  let field: String
  let length: Int
  let limit: RecordFieldLimit
  /// The start of the value, shortened and made safe (`Excerpt`).
  let excerpt: String

  /// `field` over `limit`, or nil when `value` (nil: absent) is within it.
  static func check(_ value: String?, _ limit: RecordFieldLimit, field: String) -> OversizeField? {
    guard let value else { return nil }
    // Scalars are at most the UTF-8 bytes: a short value needs no count.
    guard value.utf8.count > limit.maximum else { return nil }
    let length = RecordFieldLimit.length(of: value)
    guard length > limit.maximum else { return nil }
    return OversizeField(field: field, length: length, limit: limit, excerpt: Excerpt.quoted(value))
  }

  /// As `check`, for a string still in the input as UTF-8 (`JSONStream.stringBytes`): nothing
  /// is built from it unless it is over the limit, and then only its excerpt.
  static func check(utf8 value: ArraySlice<UInt8>?, _ limit: RecordFieldLimit, field: String)
    -> OversizeField?
  {
    guard let value, value.count > limit.maximum else { return nil }
    let length = value.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    guard length > limit.maximum else { return nil }
    return OversizeField(
      field: field, length: length, limit: limit, excerpt: Excerpt.quoted(utf8: value))
  }

  /// An attribute map (`attributes`) over `RecordFieldLimit.attributes`, or nil.
  static func check(attributes json: JSON?, field: String) -> OversizeField? {
    guard let members = json?.objectValue else { return nil }
    let length = RecordFieldLimit.length(ofAttributes: members)
    guard length > RecordFieldLimit.attributes.maximum else { return nil }
    let longest = members.max {
      RecordFieldLimit.length(ofAttribute: $0) < RecordFieldLimit.length(ofAttribute: $1)
    }
    let what = longest.map {
      "\(Excerpt.quoted($0.key)) = "
        + ($0.value.stringValue.map { Excerpt.quoted($0) }
          ?? Excerpt.of(JSONWriter.compact($0.value)))
    }
    return OversizeField(
      field: field, length: length, limit: .attributes, excerpt: what ?? "{}")
  }

  /// `participantId "aaaa… (1048576 bytes)" has 1048576 characters, more than the 64 IVS
  /// allows (…); event skipped`.
  func note(skipping what: String) -> String {
    let unit = field.hasSuffix("attributes") ? "bytes of keys and values" : "characters"
    let allowed = limit.isStagemons ? "stagemon reads" : "IVS allows"
    return "\(field) \(excerpt) has \(length) \(unit), more than the \(limit.maximum) \(allowed)"
      + " (\(limit.source)); \(what) skipped"
  }
}
