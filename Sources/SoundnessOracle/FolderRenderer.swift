import JSONKit
import Seeded
import StageEngine
import TokenCore

/// Renders a generated session as the folder a customer would send, in the real formats:
/// `list-participant-events` pages newest first with `nextToken`s, `get-participant` with
/// and without `sdkVersion`, `list-participants`, `get-stage-session`, `get-composition`,
/// and an EventBridge export in both shapes (with `detail.event_time`, and without, timed
/// by the envelope's whole seconds) with duplicate deliveries. What it includes is drawn
/// from the session's seed.
public enum FolderRenderer {
  /// The whole folder of `session`, before any degradation.
  public static func folder(_ session: GeneratedSession) -> RenderedFolder {
    var random = SeededRandom(seed: session.seed ^ 0x5EED_F01D_E400_0001)
    let times = eventTimes(session.events)
    var files: [RenderedFolder.File] = []
    let pageSize = random.chance(50) ? random.int(3...12) : 100
    let server = session.events.filter { $0.source == .server && $0.participant != nil }
    for participant in session.participants {
      let own = server.filter { $0.participant == participant.id }
      guard !own.isEmpty else { continue }
      files += pages(participant.id, own, times, pageSize: pageSize, &random)
    }
    for participant in session.participants {
      files.append(getParticipant(participant, session, server, &random))
    }
    if random.chance(60) { files.append(listParticipants(session, server)) }
    files.append(stageSession(session))
    if let composition = session.composition { files.append(getComposition(composition, session)) }
    if random.chance(60) {
      files.append(eventBridge(session, server, &random))
    }
    return RenderedFolder(files: files)
  }

  /// Each server event's milliseconds within its second, in the order the model made them:
  /// 15 ms apart from .040, closer where a second holds more than 64 events, so that every
  /// event of a second up to 960 has a time of its own, as IVS times each event (ties would
  /// leave their order to the reader).
  static func eventTimes(_ events: [StageEvent]) -> [Int: Int] {
    var perSecond: [Int64: Int] = [:]
    for event in events where event.source == .server { perSecond[event.time, default: 0] += 1 }
    var milliseconds: [Int: Int] = [:]
    var second: Int64 = .min
    var count = 0
    for event in events where event.source == .server {
      if event.time != second {
        second = event.time
        count = 0
      }
      let total = perSecond[second] ?? 1
      let step = total > 64 ? 960.0 / Double(total) : 15
      milliseconds[event.seq] = min(999, 40 + Int(Double(count) * step))
      count += 1
    }
    return milliseconds
  }

  private static func pages(
    _ id: String, _ events: [StageEvent], _ times: [Int: Int], pageSize: Int,
    _ random: inout SeededRandom
  ) -> [RenderedFolder.File] {
    let newestFirst = Array(events.reversed())
    var files: [RenderedFolder.File] = []
    var index = 0
    while index < newestFirst.count {
      let page = newestFirst[index..<min(newestFirst.count, index + pageSize)]
      index += page.count
      var members: [(key: String, value: JSON)] = [
        ("events", .array(page.map { record($0, times) }))
      ]
      if index < newestFirst.count { members.append(("nextToken", .string(random.identifier(40)))) }
      let number = files.count + 1
      files.append(
        RenderedFolder.File(
          name: number == 1 ? "\(id).events.json" : "\(id).events.page\(number).json",
          kind: .events, json: .object(members)))
    }
    return files
  }

  /// One ListParticipantEvents event.
  static func record(_ event: StageEvent, _ times: [Int: Int]) -> JSON {
    var members: [(key: String, value: JSON)] = [
      ("eventTime", .string(RecordTimes.cli(event.time, milliseconds: times[event.seq] ?? 0))),
      ("name", .string(event.kind.rawValue)),
      ("participantId", .string(event.participant ?? "")),
    ]
    if let remote = event.remoteParticipantId {
      members.append(("remoteParticipantId", .string(remote)))
    }
    if let code = event.errorCode { members.append(("errorCode", .string(code))) }
    members.append(("replica", .bool(false)))
    if let exchange = event.exchange {
      members.append(("previousToken", token(exchange.previousToken)))
      members.append(("newToken", token(exchange.newToken)))
    }
    return .object(members)
  }

  private static func token(_ token: TokenSummary) -> JSON {
    var members: [(key: String, value: JSON)] = [
      (
        "attributes",
        .object(token.attributes.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
      ),
      ("capabilities", .array(token.capabilities.names.map { .string($0.uppercased()) })),
      ("expirationTime", .string(RecordTimes.aws(token.expirationTime))),
    ]
    if let userId = token.userId { members.append(("userId", .string(userId))) }
    return .object(members)
  }

  static func firstJoin(_ id: String, _ server: [StageEvent]) -> Int64? {
    server.first { $0.participant == id && $0.kind == .joined }?.time
  }

  static func state(_ id: String, _ server: [StageEvent]) -> String {
    server.last { $0.participant == id && ($0.kind == .joined || $0.kind == .left) }?.kind
      == .joined ? "CONNECTED" : "DISCONNECTED"
  }

  static func published(_ id: String, _ server: [StageEvent]) -> Bool {
    server.contains { $0.participant == id && $0.kind == .publishStarted }
  }

  private static func getParticipant(
    _ participant: GeneratedParticipant, _ session: GeneratedSession, _ server: [StageEvent],
    _ random: inout SeededRandom
  ) -> RenderedFolder.File {
    var members: [(key: String, value: JSON)] = [
      (
        "attributes",
        .object(
          participant.attributes.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
      ),
      ("browserName", .string(participant.browserName)),
      ("browserVersion", .string(participant.browserName.isEmpty ? "" : "126.0")),
    ]
    if let first = firstJoin(participant.id, server) {
      members.append(("firstJoinTime", .string(RecordTimes.aws(first))))
    }
    members += [
      ("ispName", .string("Example ISP")), ("osName", .string(participant.osName)),
      ("osVersion", .string(participant.sdk.platform == .web ? "" : "17")),
      ("participantId", .string(participant.id)), ("protocol", .string("UNKNOWN")),
      ("published", .bool(published(participant.id, server))),
      ("recordingState", .string("DISABLED")), ("replicationState", .string("INACTIVE")),
      ("replicationType", .string("NONE")),
    ]
    // With the SDK version, with it empty (as in every AWS example), or without the field.
    switch random.int(0...9) {
    case 0...5: members.append(("sdkVersion", .string("\(participant.sdk.version)")))
    case 6...8: members.append(("sdkVersion", .string("")))
    default: break
    }
    members += [
      ("state", .string(state(participant.id, server))), ("userId", .string(participant.userId)),
    ]
    return RenderedFolder.File(
      name: "get-participant.\(participant.id).json", kind: .participant,
      json: .object([("participant", .object(members))]))
  }

  private static func listParticipants(_ session: GeneratedSession, _ server: [StageEvent])
    -> RenderedFolder.File
  {
    let summaries = session.participants.compactMap { participant -> JSON? in
      guard let first = firstJoin(participant.id, server) else { return nil }
      return .object([
        ("firstJoinTime", .string(RecordTimes.aws(first))),
        ("participantId", .string(participant.id)),
        ("published", .bool(published(participant.id, server))),
        ("recordingState", .string("DISABLED")), ("replicationState", .string("INACTIVE")),
        ("replicationType", .string("NONE")), ("state", .string(state(participant.id, server))),
        ("userId", .string(participant.userId)),
      ])
    }
    return RenderedFolder.File(
      name: "list-participants.json", kind: .participants,
      json: .object([("participants", .array(summaries))]))
  }

  private static func stageSession(_ session: GeneratedSession) -> RenderedFolder.File {
    RenderedFolder.File(
      name: "get-stage-session.json", kind: .stageSession,
      json: .object([
        (
          "stageSession",
          .object([
            ("endTime", .string(RecordTimes.aws(session.end))),
            ("sessionId", .string(session.sessionID)),
            ("startTime", .string(RecordTimes.aws(session.start))),
          ])
        )
      ]))
  }

  private static func getComposition(
    _ composition: GeneratedComposition, _ session: GeneratedSession
  )
    -> RenderedFolder.File
  {
    let configuration = composition.configuration
    var layout: [(key: String, value: JSON)] = [
      ("featuredParticipantAttribute", .string(configuration.featuredParticipantAttribute)),
      ("participantOrderAttribute", .string(configuration.participantOrderAttribute)),
    ]
    if configuration.layout == .pip {
      layout += [
        ("pipBehavior", .string(configuration.pipBehavior.rawValue)),
        ("pipParticipantAttribute", .string(configuration.pipParticipantAttribute)),
        ("pipPosition", .string(configuration.pipPosition)),
      ]
    }
    var members: [(key: String, value: JSON)] = [
      ("arn", .string(composition.arn)), ("destinations", .array([])),
      ("layout", .object([(configuration.layout.rawValue, .object(layout))])),
      ("stageArn", .string(session.stageARN)),
      ("startTime", .string(RecordTimes.aws(composition.started))),
      ("state", .string(composition.stopped == nil ? "ACTIVE" : "STOPPED")),
      ("tags", .object([])),
    ]
    if let stopped = composition.stopped {
      members.append(("endTime", .string(RecordTimes.aws(stopped))))
    }
    return RenderedFolder.File(
      name: "get-composition.json", kind: .composition,
      json: .object([("composition", .object(members))]))
  }

  /// `Participant Published`, `… Unpublished`, `… Publish Error`: the only participant
  /// events EventBridge delivers.
  static let eventBridgeNames: [EventKind: String] = [
    .publishStarted: "Participant Published", .publishStopped: "Participant Unpublished",
    .publishError: "Participant Publish Error",
  ]

  private static func eventBridge(
    _ session: GeneratedSession, _ server: [StageEvent], _ random: inout SeededRandom
  ) -> RenderedFolder.File {
    let withTime = random.int(0...2)
    let users = Dictionary(
      session.participants.map { ($0.id, $0.userId) }, uniquingKeysWith: { a, _ in a })
    var deliveries: [JSON] = []
    for event in server {
      guard let name = eventBridgeNames[event.kind], let id = event.participant else { continue }
      var detail: [(key: String, value: JSON)] = [
        ("session_id", .string(session.sessionID)), ("event_name", .string(name)),
      ]
      // Both shapes: all with `event_time`, none, or each at random.
      if withTime == 0 || (withTime == 2 && random.chance(50)) {
        detail.append(("event_time", .string(RecordTimes.envelope(event.time))))
      }
      detail += [("user_id", .string(users[id] ?? "")), ("participant_id", .string(id))]
      if let code = event.errorCode { detail.append(("error_code", .string(code))) }
      let delivery = JSON.object([
        ("version", .string("0")), ("id", .string(uuid(&random))),
        ("detail-type", .string("IVS Stage Update")), ("source", .string("aws.ivs")),
        ("account", .string("123456789012")), ("time", .string(RecordTimes.envelope(event.time))),
        ("region", .string("us-east-1")), ("resources", .array([.string(session.stageARN)])),
        ("detail", .object(detail)),
      ])
      deliveries.append(delivery)
      // EventBridge delivers at least once: some twice.
      if random.chance(10) { deliveries.append(delivery) }
    }
    return RenderedFolder.File(
      name: "eventbridge.json", kind: .eventBridge, json: .array(deliveries))
  }

  private static func uuid(_ random: inout SeededRandom) -> String {
    let hex = Array("0123456789abcdef")
    let digits = String((0..<32).map { _ in hex[random.int(0...15)] })
    let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map {
      String(digits.dropFirst($0.lowerBound).prefix($0.count))
    }
    return parts.joined(separator: "-")
  }
}
