import Foundation
import StageEngine
import Testing

@testable import IVSRecords

/// The comparison consumes the run's batches on a second core: every batch, in order, the
/// same result as in line, and a run that fails half-way ends without waiting for ever.
@Suite struct EventBatchPipelineTests {
  @Test func everyBatchIsConsumedInOrderEvenWhenTheRunIsFarAhead() {
    let pipeline = EventBatchPipeline<[Int], StageEvent>(
      consumer: [], consume: { seqs, batch in seqs += batch.map(\.seq) })
    let batches = 10 * EventBatchPipeline<[Int], StageEvent>.capacity
    for first in stride(from: 0, to: batches * 3, by: 3) {
      pipeline.push((first..<first + 3).map { StageEvent(source: .runner, kind: .step, seq: $0) })
    }
    #expect(pipeline.finish() == Array(0..<batches * 3))
  }

  @Test func theComparisonEqualsComparingTheWholeStreamInLine() throws {
    let session = try RecordFixtures.supportSession()
    var events: [StageEvent] = []
    let piped = try RecordComparison.run(
      session, file: "support", toleranceSeconds: 5, sink: { events += $0 })
    let inLine = RecordComparison(session: session, modelled: events, toleranceSeconds: 5)
    #expect(piped.entries.count == inLine.entries.count)
    #expect(piped.entries.map(\.status) == inLine.entries.map(\.status))
    #expect(piped.entries.map { $0.modelled?.seq } == inLine.entries.map { $0.modelled?.seq })
    #expect(piped.isReproduced)
  }

  @Test func aRunThatFailsHalfWayThrowsAndStopsTheConsumer() throws {
    let text = """
      {"start": "2026-01-01T12:00:00Z", "recorded": [],
       "participants": [{"id": "host", "capabilities": ["publish", "subscribe"]}],
       "steps": [{"join": "host"}, {"advance": "5s"}, {"unpublish": "host"}, {"unpublish": "host"}]}
      """
    let scenario = try Scenario(parsing: text, file: "fails.json", baseDirectory: "/")
    let session = try RecordImporter.session(fromScenario: scenario, file: "fails.json")
    #expect(throws: ScenarioError.self) {
      try RecordComparison.run(session, file: "fails.json", toleranceSeconds: 5)
    }
  }
}
