import StageEngine
import Testing

@Suite("Composition layout (SPEC §4)")
struct CompositionOrderingTests {
  typealias Entry = CompositionLayout.Entry

  static func entries(_ values: [String?]) -> [Entry] {
    values.enumerated().map { index, value in
      Entry(participant: "p\(index)", attributes: value.map { ["order": $0] } ?? [:])
    }
  }

  /// (order attribute values in arrival order, attribute name, expected participant order)
  static let orderingTable: [([String?], String, [String])] = [
    (["2", "-1"], "order", ["p1", "p0"]),
    (["10", "9"], "order", ["p1", "p0"]),
    (["abc", "3", nil, "1.5", "1"], "order", ["p4", "p1", "p0", "p2", "p3"]),
    (["5", "5", "4"], "order", ["p2", "p0", "p1"]),
    (["2", "-1", "1"], "", ["p0", "p1", "p2"]),
    ([nil, "x"], "order", ["p0", "p1"]),
  ]

  @Test(arguments: orderingTable)
  func orderAttributeSortsIntegersFirstThenArrival(
    values: [String?], attribute: String, expected: [String]
  ) {
    let ordered = CompositionLayout.order(Self.entries(values), by: attribute)
    #expect(ordered.map(\.participant) == expected)
  }

  @Test func featuredAttributeTakesTheFeaturedSlotInGrid() {
    let entries = [
      Entry(participant: "a", attributes: [:]),
      Entry(participant: "b", attributes: ["featured": "true"]),
      Entry(participant: "c", attributes: ["featured": "yes"]),
    ]
    let slots = CompositionLayout.slots(
      for: entries,
      configuration: CompositionConfiguration(featuredParticipantAttribute: "featured"))
    #expect(slots.map(\.role) == [.featured, .tile, .tile])
    #expect(slots.map(\.participant) == ["b", "a", "c"])
  }

  @Test func gridWithoutFeaturedParticipantHasOnlyTiles() {
    let slots = CompositionLayout.slots(
      for: Self.entries(["1", "0"]),
      configuration: CompositionConfiguration(participantOrderAttribute: "order"))
    #expect(
      slots == [.init(role: .tile, participant: "p1"), .init(role: .tile, participant: "p0")])
  }

  @Test func pipAttributeTakesThePipWindowAndOrderPicksOtherwise() {
    let config = CompositionConfiguration(
      layout: .pip, featuredParticipantAttribute: "featured", pipParticipantAttribute: "pip",
      participantOrderAttribute: "order")
    let flagged = [
      Entry(participant: "a", attributes: ["order": "1"]),
      Entry(participant: "b", attributes: ["order": "2", "pip": "true"]),
      Entry(participant: "c", attributes: ["order": "0"]),
    ]
    #expect(
      CompositionLayout.slots(for: flagged, configuration: config).map(\.participant) == [
        "c", "b", "a",
      ])
    let unflagged = [
      Entry(participant: "a", attributes: ["order": "1"]),
      Entry(participant: "b", attributes: ["order": "2"]),
      Entry(participant: "c", attributes: ["order": "0"]),
    ]
    let slots = CompositionLayout.slots(for: unflagged, configuration: config)
    #expect(slots.map(\.role) == [.featured, .pip, .tile])
    #expect(slots.map(\.participant) == ["c", "a", "b"])
  }

  @Test func everyLayoutChangeIsRecordedWithOrderedSlots() throws {
    let fixture = try EngineFixture(
      composition: CompositionConfiguration(participantOrderAttribute: "order", updates: .live))
    let first = try fixture.join("a", attributes: ["order": "2"])
    #expect(first.last?.kind == .layoutChanged && first.last?.source == .composition)
    try fixture.join("b", attributes: ["order": "1"])
    #expect(fixture.stage.snapshot().composition?.slots.map(\.participant) == ["b", "a"])
    let (_, events) = try fixture.exchange("a", attributes: ["order": "0"])
    #expect(events.last?.slots?.map(\.participant) == ["a", "b"])
    let (_, unchanged) = try fixture.exchange("a", attributes: ["order": "-5"])
    #expect(!unchanged.contains { $0.kind == .layoutChanged })
  }

  @Test func onReconnectPolicyIgnoresExchangeUntilReconnect() throws {
    let fixture = try EngineFixture(
      composition: CompositionConfiguration(
        participantOrderAttribute: "order", updates: .onReconnect))
    try fixture.join("a", attributes: ["order": "2"])
    try fixture.join("b", attributes: ["order": "1"])
    let (_, events) = try fixture.exchange("a", attributes: ["order": "0"])
    #expect(!events.contains { $0.kind == .layoutChanged })
    _ = try fixture.stage.reconnect(participant: "a")
    #expect(fixture.stage.snapshot().composition?.slots.map(\.participant) == ["a", "b"])
  }

  @Test func switchingToLiveCatchesTheLayoutUpWithEarlierExchanges() throws {
    let fixture = try EngineFixture(
      composition: CompositionConfiguration(
        participantOrderAttribute: "order", updates: .onReconnect))
    try fixture.join("a", attributes: ["order": "2"])
    try fixture.join("b", attributes: ["order": "1"])
    _ = try fixture.exchange("a", attributes: ["order": "0"])
    _ = fixture.stage.drainEvents()
    try fixture.stage.setCompositionPolicy(.live)
    let layout = fixture.stage.drainEvents().filter { $0.kind == .layoutChanged }
    #expect(layout.count == 1)
    #expect(layout.first?.slots?.map(\.participant) == ["a", "b"])
    try fixture.stage.setCompositionPolicy(.onReconnect)
    #expect(fixture.stage.drainEvents().isEmpty)
  }
}
