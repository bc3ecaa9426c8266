import Foundation
import JSONKit
import TokenCore

/// Writes a `Scenario` back in the SPEC §6 file format — the inverse of the decoder — so a
/// session recorded in the UI becomes a file anyone can replay headless, and a file read and
/// written again says the same thing. Every step kind has its form here: a new kind does not
/// compile until it can be written.
extension Scenario {
  /// The scenario as pretty-printed JSON text ending with a newline; key file paths inside
  /// `directory` (where the file goes) are written relative to it.
  public func encoded(relativeTo directory: String) -> String {
    JSONWriter.pretty(json(relativeTo: directory)) + "\n"
  }

  /// The scenario as a JSON document (see `encoded(relativeTo:)`).
  public func json(relativeTo directory: String) -> JSON {
    var members: [(key: String, value: JSON)] = []
    if let description { members.append(("description", .string(description))) }
    members.append(
      (
        "stage",
        .object([
          ("arn", .string(stage.arn)), ("eventsUrl", .string(stage.eventsURL)),
          ("whipUrl", .string(stage.whipURL)),
        ])
      ))
    members.append(("start", .string(VirtualTime.iso8601(start))))
    if !keys.isEmpty {
      let entries = keys.map { key in
        JSON.object([
          ("arn", .string(key.arn)),
          (key.half.rawValue, .string(ScenarioEncoding.path(key.path, relativeTo: directory))),
        ])
      }
      members.append(("keys", .array(entries)))
    }
    if let composition { members.append(("composition", ScenarioEncoding.json(composition))) }
    members.append(("participants", .array(participants.map(ScenarioEncoding.json))))
    members.append(("steps", .array(steps.map(\.json))))
    return .object(members)
  }
}

extension ScenarioStep {
  /// The step as a scenario file writes it.
  public var json: JSON {
    switch self {
    case .advance(let duration): return .object([(verb, .string(duration.description))])
    case .expect(let expectation): return .object([(verb, expectation.json)])
    case .setCompositionUpdates(let id, let policy):
      return .object([(verb, .string(id)), ("updates", .string(policy.rawValue))])
    case .media(.mute(let id, let streams)), .media(.unmute(let id, let streams)):
      return .object([(verb, .string(id)), ("streams", .array(streams.names.map(JSON.string)))])
    case .media(.networkDrop(let id)), .composition(.stop(let id)):
      return .object([(verb, .string(id))])
    case .composition(.start(let id, let configuration)):
      return .object([
        (verb, .string(id)), ("composition", ScenarioEncoding.json(configuration)),
      ])
    case .exchange(let id, let token):
      return .object([(verb, .string(id)), ("token", ScenarioEncoding.json(token))])
    case .answer(let id, let publish):
      return .object([(verb, .string(id)), ("publish", .bool(publish))])
    case .setSDK(let id, let sdk):
      return .object([(verb, .string(id)), ("sdk", .string(sdk.description))])
    case .setStrategy(let id, let publish, let subscribe):
      var members: [(key: String, value: JSON)] = [(verb, .string(id))]
      if let publish { members.append(("publish", .string(publish.rawValue))) }
      if let subscribe { members.append(("subscribe", .string(subscribe.rawValue))) }
      return .object(members)
    case .join(let id), .leave(let id), .publish(let id), .unpublish(let id),
      .refreshStrategy(let id), .disconnect(let id), .reconnect(let id):
      return .object([(verb, .string(id))])
    }
  }
}

/// The JSON forms of a scenario's parts.
enum ScenarioEncoding {
  static func json(_ participant: ScenarioParticipant) -> JSON {
    var members: [(key: String, value: JSON)] = [
      ("id", .string(participant.id)), ("sdk", .string(participant.sdk.description)),
      (
        "strategy",
        .object([
          ("publish", .string(participant.strategy.publish.rawValue)),
          ("subscribe", .string(participant.strategy.subscribe.rawValue)),
        ])
      ),
    ]
    switch participant.token {
    case .raw(let raw): members.append(("token", .string(raw)))
    case .mint(let spec): members += claims(of: spec)
    }
    return .object(members)
  }

  /// An exchange token: `{"raw": …}` or the mint spec's fields.
  static func json(_ token: ScenarioToken) -> JSON {
    switch token {
    case .raw(let raw): return .object([("raw", .string(raw))])
    case .mint(let spec):
      var members = claims(of: spec)
      if !spec.claims.isEmpty { members.append(("claims", .object(spec.claims))) }
      switch spec.key {
      case .arn(let arn): members.append(("key", .string(arn)))
      case .unknown: members.append(("key", .string("unknown")))
      case nil: break
      }
      if spec.origin != .keyPair { members.append(("origin", .string(spec.origin.rawValue))) }
      return .object(members)
    }
  }

  /// The claims shorthand both first tokens and exchange tokens share.
  private static func claims(of spec: TokenMintSpec) -> [(key: String, value: JSON)] {
    var members: [(key: String, value: JSON)] = []
    if let userId = spec.userId { members.append(("userId", .string(userId))) }
    if let capabilities = spec.capabilities {
      members.append(("capabilities", .array(capabilities.names.map(JSON.string))))
    }
    if let attributes = spec.attributes {
      members.append(("attributes", .object(attributes.map { ($0.key, .string($0.value)) })))
    }
    if let ttl = spec.ttl { members.append(("ttl", .string(ttl.description))) }
    return members
  }

  static func json(_ composition: CompositionConfiguration) -> JSON {
    .object([
      ("layout", .string(composition.layout.rawValue)),
      ("featuredParticipantAttribute", .string(composition.featuredParticipantAttribute)),
      ("pipParticipantAttribute", .string(composition.pipParticipantAttribute)),
      ("pipBehavior", .string(composition.pipBehavior.rawValue)),
      ("pipPosition", .string(composition.pipPosition)),
      ("participantOrderAttribute", .string(composition.participantOrderAttribute)),
      ("updates", .string(composition.updates.rawValue)),
    ])
  }

  /// `path` relative to `directory` when it lies inside it, else absolute.
  static func path(_ path: String, relativeTo directory: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    let absolute = path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)
    let standard = (absolute as NSString).standardizingPath
    let base =
      ((directory.hasPrefix("/") ? directory : (cwd as NSString).appendingPathComponent(directory))
      as NSString).standardizingPath
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return standard.hasPrefix(prefix) ? String(standard.dropFirst(prefix.count)) : standard
  }
}
