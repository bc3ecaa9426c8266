import JSONKit

/// Recording assertions from the monitor (as Playwright's codegen records them): `expect`
/// steps that hold right now for one participant, built from the snapshot with the same rules
/// the checks use, so a session saved with them passes `stagemon test` on replay.
extension StageSnapshot {
  /// `expect` step objects about participant `id`: its own state (connection, publish,
  /// subscriptions, capabilities, user ID, attributes), then what each other participant
  /// believes of it (`current`/`stale` with the believed user ID and attributes, or `unseen`),
  /// then what each running composition believes (a composition's STALE belief is what
  /// who-sees-what shows it for), for at most `maximumObservers` of them in participant
  /// order (a stage of 10,000 would make an assertion nobody reads).
  public func expectSteps(capturing id: String, maximumObservers: Int = .max) -> [JSON] {
    guard let participant = participants.first(where: { $0.id == id }) else { return [] }
    var steps = [Self.step(Self.state(of: participant))]
    for observer in participants where observer.id != id {
      guard steps.count <= maximumObservers else { break }
      steps.append(Self.step(Self.belief(of: observer.id, views: observer.remotes, about: id)))
    }
    for composition in compositions {
      guard steps.count <= maximumObservers else { break }
      steps.append(
        Self.step(Self.belief(of: composition.id, views: composition.believed, about: id)))
    }
    return steps
  }

  private static func step(_ members: [(key: String, value: JSON)]) -> JSON {
    .object([("expect", .object(members))])
  }

  private static func state(of participant: ParticipantSnapshot) -> [(key: String, value: JSON)] {
    let metadata = participant.metadata ?? ParticipantMetadata(userId: nil, attributes: [:])
    var members: [(key: String, value: JSON)] = [
      ("participant", .string(participant.id)),
      ("connection", .string(participant.connection.rawValue)),
      ("publish", .string(participant.publish.rawValue)),
    ]
    if !participant.remotes.isEmpty {
      members.append(
        (
          "subscribe",
          .object(participant.remotes.map { ($0.participant, .string($0.subscribe.rawValue)) })
        ))
    }
    members.append(("capabilities", .array(participant.capabilities.names.map(JSON.string))))
    members.append(("userId", metadata.userId.map(JSON.string) ?? .null))
    if !metadata.attributes.isEmpty {
      members.append(("attributes", attributes(metadata.attributes)))
    }
    return members
  }

  private static func belief(of observer: String, views: [RemoteViewSnapshot], about id: String)
    -> [(key: String, value: JSON)]
  {
    var members: [(key: String, value: JSON)] = [
      ("observer", .string(observer)), ("sees", .string(id)),
    ]
    guard let view = views.first(where: { $0.participant == id }) else {
      return members + [("as", .string(BeliefExpectation.View.unseen.rawValue))]
    }
    let standing: BeliefExpectation.View = view.isStale ? .stale : .current
    members.append(("as", .string(standing.rawValue)))
    members.append(("userId", view.believed.userId.map(JSON.string) ?? .null))
    if !view.believed.attributes.isEmpty {
      members.append(("attributes", attributes(view.believed.attributes)))
    }
    return members
  }

  private static func attributes(_ map: [String: String]) -> JSON {
    .object(map.keys.sorted().map { ($0, .string(map[$0] ?? "")) })
  }
}

extension Scenario {
  /// Steps typed or edited in the monitor (one step object, or an array of them), checked as
  /// a scenario file's steps are, against this scenario's participants and keys and the
  /// compositions `compositions` (those running now): a mistake is an error naming its JSON
  /// path, and nothing runs.
  public func decodeSteps(_ text: String, origin: String, compositions: [String])
    throws(ScenarioError) -> [ScenarioStep]
  {
    let json: JSON
    do {
      json = try JSONParser.parse(text)
    } catch {
      throw ScenarioError(
        file: origin, location: "column \(error.column)", message: "bad JSON: \(error.reason)")
    }
    var decoder = ScenarioDecoder(baseDirectory: "/")
    decoder.declare(participants: participants.map(\.id))
    decoder.keyARNs = keys.map(\.arn)
    decoder.keys = keys
    decoder.compositionIDs = compositions
    let node = ScenarioNode(value: json, path: "", file: origin)
    guard case .array = json else { return [try decoder.decodeStep(node)] }
    return try node.array().map { step throws(ScenarioError) in try decoder.decodeStep(step) }
  }
}
