import StageEngine
import Testing

/// Compositions started and stopped during a run (SPEC §2.1, §4): up to five per stage,
/// each with its own layout and update policy.
@Suite("Composition start/stop, up to five (SPEC §2.1, §4)")
struct CompositionLifecycleTests {
  func publishers() throws -> EngineFixture {
    let fixture = try EngineFixture()
    try fixture.join("a", attributes: ["order": "2"])
    try fixture.join("b", attributes: ["order": "1", "featured": "true"])
    _ = fixture.stage.drainEvents()
    return fixture
  }

  @Test func fiveCompositionsRunEachWithItsOwnLayoutAndASixthIsRefused() throws {
    let fixture = try publishers()
    let settings = [
      CompositionConfiguration(), CompositionConfiguration(participantOrderAttribute: "order"),
      CompositionConfiguration(featuredParticipantAttribute: "featured"),
      CompositionConfiguration(layout: .pip), CompositionConfiguration(updates: .live),
    ]
    for (index, configuration) in settings.enumerated() {
      try fixture.stage.startComposition(id: "c\(index)", configuration: configuration)
    }
    let events = fixture.stage.drainEvents()
    #expect(events.filter { $0.kind == .compositionStarted }.compactMap(\.observer).count == 5)
    let snapshot = fixture.stage.snapshot()
    #expect(snapshot.compositions.map(\.id) == ["c0", "c1", "c2", "c3", "c4"])
    #expect(snapshot.compositions[0].slots.map(\.participant) == ["a", "b"])
    #expect(snapshot.compositions[1].slots.map(\.participant) == ["b", "a"])
    #expect(
      snapshot.compositions[2].slots.first == CompositionSlot(role: .featured, participant: "b"))
    #expect(snapshot.compositions[3].slots.map(\.role) == [.featured, .pip])
    #expect {
      try fixture.stage.startComposition(id: "c5", configuration: CompositionConfiguration())
    } throws: { error in
      (error as? StageActionError)?.message.contains("already runs 5 compositions") == true
    }
    #expect(fixture.stage.drainEvents().isEmpty && fixture.stage.snapshot() == snapshot)
  }

  /// Requests the composition APIs refuse: a step error, nothing recorded or changed.
  static let refused = [
    ("start", "main", "composition main is already running"),
    ("start", "bad id", "a composition ID is 1–64 characters"),
    ("stop", "nope", "no composition nope runs (running: main)"),
  ]

  @Test(arguments: refused)
  func aCompositionRequestThatCannotApplyIsRefused(verb: String, id: String, expected: String)
    throws
  {
    let fixture = try EngineFixture(composition: CompositionConfiguration())
    let before = fixture.stage.snapshot()
    #expect {
      if verb == "start" {
        try fixture.stage.startComposition(id: id, configuration: CompositionConfiguration())
      } else {
        try fixture.stage.stopComposition(id: id)
      }
    } throws: { error in
      (error as? StageActionError)?.message.hasPrefix(expected) == true
    }
    #expect(fixture.stage.drainEvents().isEmpty && fixture.stage.snapshot() == before)
  }

  @Test func eachCompositionFollowsItsOwnUpdatePolicy() throws {
    let fixture = try publishers()
    let order = CompositionConfiguration(participantOrderAttribute: "order", updates: .onReconnect)
    try fixture.stage.startComposition(id: "lagging", configuration: order)
    var live = order
    live.updates = .live
    try fixture.stage.startComposition(id: "following", configuration: live)
    _ = fixture.stage.drainEvents()
    _ = try fixture.exchange("a", attributes: ["order": "0"])
    let layouts = fixture.stage.snapshot().compositions.map { $0.slots.map(\.participant) }
    #expect(layouts == [["b", "a"], ["a", "b"]])
    let stale = fixture.stage.snapshot().compositions.map { $0.believed.first?.isStale }
    #expect(stale == [true, false])
    try fixture.stage.unpublish(participant: "a")
    try fixture.stage.publish(participant: "a")
    #expect(fixture.stage.snapshot().compositions[0].slots.map(\.participant) == ["a", "b"])
  }

  @Test func aStartedCompositionSeesCurrentAttributesAndAStoppedOneFallsSilent() throws {
    let fixture = try publishers()
    _ = try fixture.exchange("a", attributes: ["order": "0"])
    try fixture.stage.startComposition(
      id: "late", configuration: CompositionConfiguration(participantOrderAttribute: "order"))
    let started = fixture.stage.drainEvents()
    #expect(started.map(\.kind) == [.compositionStarted, .layoutChanged])
    #expect(started.last?.observer == "late" && started.last?.slots?.first?.participant == "a")
    try fixture.stage.stopComposition(id: "late")
    #expect(fixture.stage.drainEvents().map(\.line) == ["composition compositionStopped late"])
    try fixture.stage.unpublish(participant: "b")
    #expect(!fixture.stage.drainEvents().contains { $0.source == .composition })
    #expect(fixture.stage.snapshot().compositions.isEmpty)
  }
}
