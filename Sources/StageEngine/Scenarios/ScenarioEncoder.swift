import Foundation
import InputKit
import JSONKit
import TokenCore

/// Writes a `Scenario` back as a scenario file (SPEC §6) that `Scenario(parsing:)` reads
/// to an equivalent value. It exists for tools that make scenarios rather than read them:
/// `stagemon import` (from real IVS records) and recorders of live sessions. Fields at
/// their defaults are left out, so the output reads like a hand-written file. Every step kind
/// has its form here: a new kind does not compile until it can be written.
public enum ScenarioEncoder {
  /// The scenario as a JSON value, members in the documented order. Key file paths inside
  /// `directory` (where the file will be written) are written relative to it.
  public static func json(_ scenario: Scenario, relativeTo directory: String? = nil) -> JSON {
    var members: [(key: String, value: JSON)] = []
    if let description = scenario.description {
      members.append(("description", .string(description)))
    }
    if !scenario.notes.isEmpty {
      members.append(("notes", .array(scenario.notes.map(JSON.string))))
    }
    let stage = stageJSON(scenario.stage)
    if case .object(let fields) = stage, !fields.isEmpty { members.append(("stage", stage)) }
    if let asOf = scenario.asOf { members.append(("asOf", .string(asOf.description))) }
    members.append(("start", .string(VirtualTime.iso8601(scenario.start))))
    if !scenario.keys.isEmpty {
      let keys = scenario.keys.map { keyJSON($0, relativeTo: directory) }
      members.append(("keys", .array(keys)))
    }
    if let composition = scenario.composition {
      members.append(("composition", compositionJSON(composition)))
    }
    members.append(("participants", .array(scenario.participants.map(participantJSON))))
    if !scenario.steps.isEmpty { members.append(("steps", .array(scenario.steps.map(stepJSON)))) }
    if let recorded = scenario.recorded { members.append(("recorded", recorded)) }
    if let golden = scenario.golden {
      members.append(("golden", .string(directory.map { path(golden, relativeTo: $0) } ?? golden)))
    }
    return .object(members)
  }

  /// Indented text with a final newline, ready to write to a file (in `directory`, if given).
  public static func text(_ scenario: Scenario, relativeTo directory: String? = nil) -> String {
    JSONWriter.pretty(json(scenario, relativeTo: directory)) + "\n"
  }

  private static func stageJSON(_ stage: ScenarioStage) -> JSON {
    let defaults = ScenarioStage(arn: stage.arn)
    var members: [(key: String, value: JSON)] = []
    if stage.arn != ScenarioStage.defaultARN { members.append(("arn", .string(stage.arn))) }
    if stage.eventsURL != defaults.eventsURL {
      members.append(("eventsUrl", .string(stage.eventsURL)))
    }
    if stage.whipURL != defaults.whipURL { members.append(("whipUrl", .string(stage.whipURL))) }
    return .object(members)
  }

  private static func keyJSON(_ key: ScenarioKey, relativeTo directory: String?) -> JSON {
    let path = directory.map { self.path(key.path, relativeTo: $0) } ?? key.path
    return .object([("arn", .string(key.arn)), (key.half.rawValue, .string(path))])
  }

  /// `"expired": true`, or `"ttl": "-1h"`, for a token minted already expired.
  private static func expiredJSON(_ spec: TokenMintSpec) -> [(key: String, value: JSON)] {
    guard let ago = spec.expiredAgo else { return [] }
    return ago.seconds == 0 ? [("expired", .bool(true))] : [("ttl", .string("-\(ago)"))]
  }

  /// `path` relative to `directory` when it lies inside it, else absolute.
  static func path(_ path: String, relativeTo directory: String) -> String {
    let standard = absolute(path)
    let base = absolute(directory)
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return standard.hasPrefix(prefix) ? String(standard.dropFirst(prefix.count)) : standard
  }

  private static func absolute(_ path: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    return PathName.normalized(PathName.join(cwd, path))
  }

  private static func compositionJSON(_ c: CompositionConfiguration) -> JSON {
    var members: [(key: String, value: JSON)] = [
      ("layout", .string(c.layout.rawValue)),
      ("featuredParticipantAttribute", .string(c.featuredParticipantAttribute)),
      ("pipParticipantAttribute", .string(c.pipParticipantAttribute)),
      ("pipBehavior", .string(c.pipBehavior.rawValue)),
      ("pipPosition", .string(c.pipPosition)),
      ("participantOrderAttribute", .string(c.participantOrderAttribute)),
    ]
    if let updates = c.updates { members.append(("updates", .string(updates.rawValue))) }
    return .object(members)
  }

  private static func participantJSON(_ participant: ScenarioParticipant) -> JSON {
    var members: [(key: String, value: JSON)] = [
      ("id", .string(participant.id)), ("sdk", .string(participant.sdk.description)),
    ]
    switch participant.token {
    case .raw(let token): members.append(("token", .string(token)))
    case .mint(let spec):
      if let userId = spec.userId { members.append(("userId", .string(userId))) }
      if let capabilities = spec.capabilities {
        members.append(("capabilities", capabilitiesJSON(capabilities)))
      }
      if let attributes = spec.attributes {
        members.append(("attributes", attributesJSON(attributes)))
      }
      if let ttl = spec.ttl { members.append(("ttl", .string(ttl.description))) }
      members += expiredJSON(spec)
      if spec.origin != .keyPair { members.append(("origin", .string(spec.origin.rawValue))) }
    }
    members.append(
      (
        "strategy",
        .object([
          ("publish", .string(participant.strategy.publish.rawValue)),
          ("subscribe", .string(participant.strategy.subscribe.rawValue)),
        ])
      ))
    return .object(members)
  }

  private static func capabilitiesJSON(_ capabilities: Capabilities) -> JSON {
    .array(capabilities.names.map(JSON.string))
  }

  private static func attributesJSON(_ pairs: [(key: String, value: String)]) -> JSON {
    .object(pairs.map { ($0.key, JSON.string($0.value)) })
  }

  private static func stepJSON(_ step: ScenarioStep) -> JSON {
    switch step {
    case .exchange(let id, let token):
      return .object([("exchange", .string(id)), ("token", exchangeTokenJSON(token))])
    case .advance(let duration): return .object([("advance", .string(duration.description))])
    case .setStrategy(let id, let publish, let subscribe):
      var members: [(key: String, value: JSON)] = [("setStrategy", .string(id))]
      if let publish { members.append(("publish", .string(publish.rawValue))) }
      if let subscribe { members.append(("subscribe", .string(subscribe.rawValue))) }
      return .object(members)
    case .answer(let id, let publish, let origin):
      var members: [(key: String, value: JSON)] = [
        ("answer", .string(id)), ("publish", .bool(publish)),
      ]
      if origin != .script { members.append(("by", .string(origin.rawValue))) }
      return .object(members)
    case .expect(let expectation):
      var members: [(key: String, value: JSON)] = [("expect", expectation.json)]
      if let description = expectation.description {
        members.append(("description", .string(description)))
      }
      return .object(members)
    case .media(let media): return mediaJSON(media)
    case .composition(.start(let id, let configuration)):
      return .object([
        ("startComposition", .string(id)), ("composition", compositionJSON(configuration)),
      ])
    case .composition(.stop(let id)): return .object([("stopComposition", .string(id))])
    case .setSDK(let id, let sdk):
      return .object([(step.verb, .string(id)), ("sdk", .string(sdk.description))])
    case .setCompositionUpdates(let id, let policy):
      return .object([(step.verb, .string(id)), ("updates", .string(policy.rawValue))])
    case .join(let id), .leave(let id), .publish(let id), .unpublish(let id),
      .refreshStrategy(let id), .disconnect(let id), .reconnect(let id):
      return .object([(step.verb, .string(id))])
    }
  }

  private static func mediaJSON(_ media: ScenarioStep.MediaStep) -> JSON {
    switch media {
    case .mute(let id, let streams), .unmute(let id, let streams):
      return .object([
        (media.verb, .string(id)), ("streams", .array(streams.names.map(JSON.string))),
      ])
    case .networkDrop(let id): return .object([(media.verb, .string(id))])
    }
  }

  private static func exchangeTokenJSON(_ token: ScenarioToken) -> JSON {
    switch token {
    case .raw(let raw): return .object([("raw", .string(raw))])
    case .mint(let spec):
      var members: [(key: String, value: JSON)] = []
      if let capabilities = spec.capabilities {
        members.append(("capabilities", capabilitiesJSON(capabilities)))
      }
      if let attributes = spec.attributes {
        members.append(("attributes", attributesJSON(attributes)))
      }
      if let userId = spec.userId { members.append(("userId", .string(userId))) }
      if let ttl = spec.ttl { members.append(("ttl", .string(ttl.description))) }
      members += expiredJSON(spec)
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
}
