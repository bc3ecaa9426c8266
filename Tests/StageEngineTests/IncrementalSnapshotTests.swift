import Foundation
import Testing

@testable import StageEngine

/// `Stage.refresh(_:)` must always equal a fresh `snapshot()`: every scenario is replayed step
/// by step, then put through the live actions the UI offers, refreshing one kept snapshot and
/// comparing it after each.
@Suite struct IncrementalSnapshotTests {
  static func runner(_ name: String) throws -> ScenarioRunner {
    let path = ScenarioGoldenTests.path(name)
    return try ScenarioRunner(scenario: Scenario(contentsOfFile: path), file: "\(name).json")
  }

  static func expectCurrent(
    _ kept: inout StageSnapshot, _ stage: Stage, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    stage.refresh(&kept)
    let fresh = stage.snapshot()
    guard kept != fresh else { return }
    Issue.record("after \(what): \(difference(kept, fresh))", sourceLocation: sourceLocation)
    kept = fresh
  }

  /// The first part that differs, named briefly (a whole snapshot is pages long).
  static func difference(_ kept: StageSnapshot, _ fresh: StageSnapshot) -> String {
    if kept.participants.count != fresh.participants.count { return "participant count" }
    for (old, new) in zip(kept.participants, fresh.participants) where old != new {
      return "participant \(new.id): kept \(old.remotes) vs fresh \(new.remotes)"
    }
    let parts: [(String, Bool)] = [
      ("time", kept.time == fresh.time), ("joinOrder", kept.joinOrder == fresh.joinOrder),
      ("publishers", kept.publishers == fresh.publishers),
      ("composition", kept.composition == fresh.composition),
      ("pendingQuestions", kept.pendingQuestions == fresh.pendingQuestions),
    ]
    return parts.first { !$0.1 }?.0 ?? "isDeleted"
  }

  @Test(arguments: ScenarioGoldenTests.names)
  func refreshEqualsAFreshSnapshotAfterEveryStep(name: String) throws {
    let runner = try Self.runner(name)
    var kept = runner.stage.snapshot()
    var index = 0
    while !runner.isFinished {
      _ = try? runner.step()
      Self.expectCurrent(&kept, runner.stage, "\(name) step \(index)")
      index += 1
    }
    try liveActions(runner, &kept, name)
  }

  /// What the UI can do besides scripted steps, on each participant in turn.
  private func liveActions(
    _ runner: ScenarioRunner, _ kept: inout StageSnapshot, _ name: String
  ) throws {
    let stage = runner.stage
    for id in stage.participantIDs {
      let steps: [ScenarioStep] = [
        .publish(id), .unpublish(id), .leave(id), .join(id), .reconnect(id),
        .refreshStrategy(id), .publish(id),
      ]
      for step in steps {
        try? runner.perform(step, origin: "ui:")
        Self.expectCurrent(&kept, stage, "\(name) \(step.summary)")
      }
      try stage.setSDKProfile(participant: id, to: SDKProfile(parsing: "web@1.32.0"))
      Self.expectCurrent(&kept, stage, "\(name) sdk \(id)")
    }
    try? stage.setCompositionPolicy(.live)
    Self.expectCurrent(&kept, stage, "\(name) policy live")
    try? stage.setCompositionPolicy(.onReconnect)
    stage.advance(bySeconds: 3_600)
    Self.expectCurrent(&kept, stage, "\(name) policy on-reconnect, 1h later")
  }

  /// The questions are re-read only when a participant that changed has or had one.
  @Test func questionsStayThroughOthersActionsAndGoWhenAnswered() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest")
    var kept = fixture.stage.snapshot()
    try fixture.join("host", strategy: StrategySettings(publish: .ask))
    fixture.stage.refresh(&kept)
    #expect(kept.pendingQuestions.map(\.participant) == ["host"])
    try fixture.stage.unpublish(participant: "guest")
    fixture.stage.refresh(&kept)
    #expect(kept.pendingQuestions.map(\.participant) == ["host"])
    try fixture.stage.answer(participant: "host", publish: true)
    fixture.stage.refresh(&kept)
    #expect(kept.pendingQuestions.isEmpty)
    #expect(kept == fixture.stage.snapshot())
  }

  /// The join order is edited, not rebuilt: each case is the old order, then the new one (as
  /// slots into `ids`), covering leaves, joins, a reconnect and an arbitrary reordering.
  @Test(arguments: [
    ([0, 1, 2, 3], [0, 1, 2, 3]), ([0, 1, 2, 3], [1, 2, 3]), ([0, 1, 2, 3], [0, 1, 3]),
    ([0, 1, 2], [0, 1, 2, 3]), ([0, 1, 2, 3], [1, 2, 3, 0]), ([0, 1, 2, 3], [3, 2, 1, 0]),
    ([0, 1, 2, 3], []), ([], [2, 0]), ([0, 1, 2, 3], [0, 2, 4, 1]),
  ])
  func theJoinOrderIsEditedToTheNewOne(old: [Int], new: [Int]) {
    let ids = ["a", "b", "c", "d", "e"]
    var order = old.map { ids[$0] }
    Stage.edit(&order, toFollow: new, ids: ids)
    #expect(order == new.map { ids[$0] })
  }

  @Test func aRefreshWithNothingChangedReportsNothing() throws {
    let runner = try Self.runner("Scenarios/cohost-upgrade")
    try runner.run { _ in }
    var kept = runner.stage.snapshot()
    runner.stage.refresh(&kept)
    let changes = runner.stage.refresh(&kept)
    #expect(changes == StageChanges(everyParticipant: false, participants: [], composition: false))
  }

  @Test func anSDKChangeReportsOnlyThatParticipant() throws {
    let runner = try Self.runner("Scenarios/cohost-upgrade")
    try runner.run { _ in }
    var kept = runner.stage.snapshot()
    runner.stage.refresh(&kept)
    let id = try #require(runner.stage.participantIDs.last)
    try runner.stage.setSDKProfile(participant: id, to: SDKProfile(parsing: "ios@1.36.0"))
    let changes = runner.stage.refresh(&kept)
    #expect(
      changes == StageChanges(everyParticipant: false, participants: [id], composition: false))
  }
}
