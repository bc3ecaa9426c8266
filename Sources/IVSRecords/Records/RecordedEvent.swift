import JSONKit
import StageEngine
import TokenCore

/// One server-side event from a customer's records (ListParticipantEvents `Event`, or an
/// EventBridge "IVS Stage Update" mapped onto the same names), with where it came from so
/// every message can name the file and position.
public struct RecordedEvent: Equatable, Sendable {
  /// The name as recorded (`JOINED`, `PUBLISH_STARTED`, … or one this version does not know).
  public var name: String { rare?.values.name ?? kind?.rawValue ?? "" }
  /// Who triggered it (the token's `jti` for key-pair tokens).
  public var participantId: String
  /// Milliseconds since 1970.
  public var time: Int64
  /// The publisher of a subscribe event.
  public var remoteParticipantId: String?
  /// The error code of an error event.
  public var errorCode: String? {
    get { rare?.values.errorCode }
    set { rareValues.errorCode = newValue }
  }
  /// TOKEN_EXCHANGED: the token replaced.
  public var previousToken: RecordedToken? {
    get { rare?.values.previousToken }
    set { rareValues.previousToken = newValue }
  }
  /// TOKEN_EXCHANGED: the token now in force.
  public var newToken: RecordedToken? {
    get { rare?.values.newToken }
    set { rareValues.newToken = newValue }
  }
  /// REPLICATION_*: the stage (and session) the participant is replicated to, as
  /// `arn (st-…)`.
  public var destination: String? {
    get { rare?.values.destination }
    set { rareValues.destination = newValue }
  }
  /// What only some events have, boxed: the few with a name outside the model, tokens, an
  /// error code or a destination share the box among their copies, and the million others
  /// stay small to copy, sort and keep to the end of `explain` (a test checks the size).
  private var rare: RareFields?
  /// Where it was read, for messages.
  var place: RecordPlace
  // The one-byte fields after the place, in its spare bytes: declared where the records name
  // them, they padded each event to the next eight bytes, and every event is held to the end.
  /// The model's kind for names the model produces; nil for names outside the model.
  public let kind: EventKind?
  /// Whether it came from EventBridge (which carries only publish events).
  public var viaEventBridge: Bool
  /// `file: events[3]`, for messages.
  public var origin: String { place.description }
  /// Made up by the importer (a join at get-participant's `firstJoinTime`), never recorded:
  /// it drives a step but is neither kept nor compared.
  public var isInferred = false
  /// Timed by EventBridge to the whole second (the envelope's `time`, the detail having no
  /// `event_time`, or an `event_time` without a fraction): where in its second it happened
  /// is unknown.
  public var hasWholeSecondTime = false

  /// Whole seconds, the model's clock resolution.
  public var second: Int64 { time.floorDivided(by: 1000) }

  /// The fields in the order the records give them (declared in another, for size). A name
  /// that is `kind`'s own is not stored: the kind spells it.
  init(
    name: String, kind: EventKind? = nil, participantId: String, time: Int64,
    remoteParticipantId: String? = nil, errorCode: String? = nil,
    destination: String? = nil, viaEventBridge: Bool, place: RecordPlace, isInferred: Bool = false
  ) {
    self.kind = kind
    self.participantId = participantId
    self.time = time
    self.remoteParticipantId = remoteParticipantId
    self.viaEventBridge = viaEventBridge
    self.place = place
    self.isInferred = isInferred
    rareValues = RareFields.Values(
      name: kind?.rawValue == name ? nil : name, errorCode: errorCode, destination: destination)
  }

  /// The rare fields as values; setting them makes a new box (or none, when all are absent).
  private var rareValues: RareFields.Values {
    get { rare?.values ?? RareFields.Values() }
    set { rare = newValue == RareFields.Values() ? nil : RareFields(newValue) }
  }

  /// Equal in everything the records say (not where it was read): an exact duplicate.
  func sameRecord(as other: RecordedEvent) -> Bool {
    name == other.name && participantId == other.participantId && time == other.time
      && remoteParticipantId == other.remoteParticipantId && errorCode == other.errorCode
      && previousToken == other.previousToken && newToken == other.newToken
  }

  /// The server kinds the model produces, by recorded name.
  static let modelledKinds: [String: EventKind] = [
    "JOINED": .joined, "LEFT": .left, "PUBLISH_STARTED": .publishStarted,
    "PUBLISH_STOPPED": .publishStopped, "PUBLISH_ERROR": .publishError,
    "SUBSCRIBE_STARTED": .subscribeStarted, "SUBSCRIBE_STOPPED": .subscribeStopped,
    "TOKEN_EXCHANGED": .tokenExchanged,
  ]

  /// The model's kind for a recorded name, with the name as `modelledKinds` spells it: a
  /// million events then share one constant string instead of each holding its own heap
  /// copy, which every copy of the event would have to retain.
  static func modelled(_ name: String) -> (name: String, kind: EventKind?) {
    guard let index = modelledKinds.index(forKey: name) else { return (name, nil) }
    return (modelledKinds[index].key, modelledKinds[index].value)
  }

  /// As `modelled(_:)`, for a name given as UTF-8 (valid, as the JSON reader gives it):
  /// a modelled name is found by comparing bytes, without making a string or hashing.
  static func modelled(utf8: ArraySlice<UInt8>) -> (name: String, kind: EventKind?) {
    switch modelledNames.key(utf8) {
    case .known(let position): return (modelledNames[position], modelledList[position].value)
    case .other(let name): return (name, nil)
    }
  }

  /// `modelledKinds` as a list, and its names matched as bytes.
  private static let modelledList = Array(modelledKinds)
  private static let modelledNames = MemberNames(modelledList.map(\.key))

  /// Names IVS documents that the model does not produce (kept and shown, never compared).
  static let knownOutsideModel: Set<String> = [
    "JOIN_ERROR", "SUBSCRIBE_ERROR", "REPLICATION_STARTED", "REPLICATION_STOPPED",
  ]

  /// Error codes IVS documents for events.
  static let knownErrorCodes: Set<String> = [
    "INSUFFICIENT_CAPABILITIES", "QUOTA_EXCEEDED", "PUBLISHER_NOT_FOUND", "BITRATE_EXCEEDED",
    "RESOLUTION_EXCEEDED", "STREAM_DURATION_EXCEEDED", "INVALID_AUDIO_CODEC",
    "INVALID_VIDEO_CODEC", "INVALID_PROTOCOL", "INVALID_STREAM_KEY", "REUSE_OF_STREAM_KEY",
    "B_FRAME_PRESENT", "INVALID_INPUT", "INTERNAL_SERVER_EXCEPTION",
  ]

  /// Publish errors the model reproduces (the others are media problems it does not simulate).
  static let modelledPublishErrors: Set<String> = ["INSUFFICIENT_CAPABILITIES", "QUOTA_EXCEEDED"]

  /// Whether the model can produce this event at all.
  public var isModelled: Bool { Self.isModelled(kind, errorCode: errorCode) }

  /// Whether the model can produce an event of `kind` with `errorCode` (a static function,
  /// so a long record's events are judged by their fields, never copied).
  static func isModelled(_ kind: EventKind?, errorCode: String?) -> Bool {
    guard let kind else { return false }
    if kind == .publishError { return errorCode.map(modelledPublishErrors.contains) ?? false }
    return true
  }

  /// Within one timestamp, the order the events' logic demands: join, exchange, publish,
  /// subscribe, then unsubscribe, unpublish, leave.
  var logicalRank: Int {
    // By kind when the model knows the name (no string to compare), else by name.
    switch kind {
    case .joined?: return 0
    case .tokenExchanged?: return 1
    case .publishStarted?, .publishError?: return 2
    case .subscribeStarted?: return 3
    case .subscribeStopped?: return 5
    case .publishStopped?: return 6
    case .left?: return 7
    case .some: return 4
    case nil: break
    }
    switch name {
    case "JOIN_ERROR": return 0
    case "REPLICATION_STARTED": return 2
    case "SUBSCRIBE_ERROR": return 3
    case "REPLICATION_STOPPED": return 6
    default: return 4
    }
  }
}

/// The fields of a recorded event that only some events have, in one immutable box the
/// event's copies share (see `RecordedEvent.rare`).
final class RareFields: Equatable, Sendable {
  /// The fields themselves.
  struct Values: Equatable, Sendable {
    /// A name that is not the kind's own (outside the model).
    var name: String?
    var previousToken: RecordedToken?
    var newToken: RecordedToken?
    var errorCode: String?
    var destination: String?
  }

  let values: Values

  init(_ values: Values) { self.values = values }

  static func == (a: RareFields, b: RareFields) -> Bool { a.values == b.values }
}

/// A token summary as ListParticipantEvents shows it (never the token itself).
public struct RecordedToken: Equatable, Sendable {
  /// `capabilities` (`PUBLISH`, `SUBSCRIBE`).
  public var capabilities: Capabilities
  /// `attributes`.
  public var attributes: [String: String]
  /// `userId`, when present.
  public var userId: String?
  /// `expirationTime` in Unix seconds, when present.
  public var expirationTime: Int64?

  /// Creates a summary.
  public init(
    capabilities: Capabilities, attributes: [String: String], userId: String?,
    expirationTime: Int64?
  ) {
    self.capabilities = capabilities
    self.attributes = attributes
    self.userId = userId
    self.expirationTime = expirationTime
  }

  /// The user ID and attributes, as observers see them.
  public var metadata: ParticipantMetadata {
    ParticipantMetadata(userId: userId, attributes: attributes)
  }
}
