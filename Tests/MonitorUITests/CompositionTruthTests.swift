import MonitorUI
import StageEngine
import Testing

/// The truthful layout lays out every publisher with its current attributes, wherever it is in
/// the table (the scan stops once it has found them all).
@Suite struct CompositionTruthTests {
  /// The layout built from each publisher's own snapshot, found by ID.
  static func expected(_ snapshot: StageSnapshot) throws -> [CompositionSlot] {
    let composition = try #require(snapshot.composition)
    let entries = snapshot.publishers.map { id in
      CompositionLayout.Entry(
        participant: id, attributes: snapshot.participant(id)?.metadata?.attributes ?? [:])
    }
    return CompositionLayout.slots(for: entries, configuration: composition.configuration)
  }

  @Test(arguments: 0..<8)
  func everyPublisherIsLaidOutWithItsAttributes(steps: Int) throws {
    let snapshot = try Fixture.demo(steps: steps).state.snapshot
    let slots = CompositionTruth.slots(for: snapshot.composition, in: snapshot)
    #expect(slots == (try Self.expected(snapshot)))
  }

  @Test func aPublisherLastInTheTableIsFound() throws {
    var snapshot = try Fixture.demo(steps: 3).state.snapshot
    let publisher = try #require(snapshot.publishers.first)
    let index = try #require(snapshot.participants.firstIndex { $0.id == publisher })
    // Only the moved publisher asks to be featured, so the layout shows whether it was found.
    for other in snapshot.participants.indices {
      snapshot.participants[other].metadata = ParticipantMetadata(userId: nil, attributes: [:])
    }
    var last = snapshot.participants.remove(at: index)
    last.metadata = ParticipantMetadata(userId: nil, attributes: ["featured": "true"])
    snapshot.participants.append(last)
    let slots = CompositionTruth.slots(for: snapshot.composition, in: snapshot)
    #expect(slots == (try Self.expected(snapshot)))
    #expect(slots?.first { $0.role == .featured }?.participant == publisher)
  }

  @Test func noCompositionHasNoTruth() throws {
    let snapshot = try Fixture.demo().state.snapshot
    #expect(CompositionTruth.slots(for: nil, in: snapshot) == nil)
  }
}
