import Foundation
import IVSRecords
import StageEngine
import Testing

/// A subscriber's SDK reconnecting after a network drop (issue 29, soundness findings
/// 38-divergence, 400339-divergence, 101574-divergence, 1054-divergence, 203170-divergence,
/// 220731-divergence, 2010653-divergence, 232157-divergence): its SUBSCRIBE_STOPPED and SUBSCRIBE_STARTED to every publisher within
/// a second are imported as the model's network drop, and nothing else is: on the whole
/// folder of a generated session the model reproduces every record, and without a restart
/// of the burst the records part from the model where they did.
@Suite struct ReconnectImportTests {
  static let folder = "soundness/fixed/38-divergence"

  /// A record to leave out of a fixture: the event `name` at `time` (a prefix of its
  /// `eventTime`) in `file`, to `remote`.
  struct Omission: Sendable, CustomStringConvertible {
    var file: String
    var name = "SUBSCRIBE_STARTED"
    var time: String
    var remote: String?

    var description: String { "\(name) \(time) → \(remote ?? "-") in \(file)" }
  }

  /// The records of `folder`, with the event `dropping` names left out.
  static func session(_ folder: String = folder, dropping: Omission? = nil) throws
    -> ImportedSession
  {
    let url = RecordFixtures.root.appendingPathComponent(folder)
    var records = RecordSet()
    for file in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    where file.hasSuffix(".json") {
      var bytes = try RecordFixtures.bytes("\(folder)/\(file)")
      if let dropping, dropping.file == file {
        bytes = try omitting(dropping, from: bytes)
      }
      try records.read(bytes: bytes, file: file)
    }
    return try RecordImporter.makeSession(from: records, options: ImportOptions())
  }

  private static func omitting(_ omission: Omission, from bytes: [UInt8]) throws -> [UInt8] {
    let data = try JSONSerialization.jsonObject(with: Data(bytes))
    var page = try #require(data as? [String: Any])
    let events = try #require(page["events"] as? [[String: Any]])
    let kept = events.filter {
      !($0["name"] as? String == omission.name
        && ($0["eventTime"] as? String)?.hasPrefix(omission.time) == true
        && $0["remoteParticipantId"] as? String == omission.remote)
    }
    try #require(kept.count == events.count - 1, "\(omission)")
    page["events"] = kept
    return Array(try JSONSerialization.data(withJSONObject: page))
  }

  static func drops(_ session: ImportedSession) -> [String] {
    session.scenario.steps.compactMap {
      guard case .media(.networkDrop(let id)) = $0 else { return nil }
      return id
    }
  }

  @Test func aReconnectionIsTheModelsNetworkDrop() throws {
    let session = try Self.session()
    // A viewer's, and a publisher's (its unpublish and publish steps become the drop).
    #expect(Self.drops(session) == ["eAfeBFZtrvMt", "tWBby5JnQoVD"])
    let comparison = try RecordComparison.run(session, file: "38", toleranceSeconds: 5)
    #expect(comparison.count(.missingInModel) == 0, "\(comparison.entries)")
    #expect(comparison.count(.missingInRecords) == 0, "\(comparison.entries)")
  }

  @Test func aStopAndStartOfSomePublishersOnlyIsStillCompared() throws {
    // Without its restart to EuJWWR8shegg, the viewer's burst is no reconnection.
    let session = try Self.session(
      dropping: Omission(
        file: "eAfeBFZtrvMt.events.json", time: "2026-10-12T08:19:05", remote: "EuJWWR8shegg"))
    #expect(Self.drops(session) == ["tWBby5JnQoVD"])
    let comparison = try RecordComparison.run(session, file: "38", toleranceSeconds: 5)
    // Its stops and restart to tWBby5JnQoVD are missing in the model, as before the fix.
    #expect(comparison.count(.missingInModel) == 3, "\(comparison.entries)")
  }

  /// A whole folder's burst of each shape the model's drop makes, by the subscriber whose
  /// burst it is and the record of it a test leaves out.
  static let bursts: [(folder: String, subscriber: String, restart: Omission)] = [
    // Its publisher had started publishing 1 s before; the subscription had started again.
    (
      "soundness/fixed/400339-divergence", "6zvmBQ3MSZgq",
      Omission(
        file: "6zvmBQ3MSZgq.events.page3.json", time: "2026-02-19T06:58:27.055",
        remote: "r6VFxqhqkHvv")
    ),
    // A subscription its publisher had stopped (PUBLISH_STOPPED) just before is no part of it.
    (
      "soundness/fixed/101574-divergence", "K2dbijjZyTwy",
      Omission(
        file: "K2dbijjZyTwy.events.json", time: "2026-01-22T02:14:36.340",
        remote: "qfU2BwBxdZk3")
    ),
    // The subscriber starts publishing inside it: the publish question its reconnection asks.
    (
      "soundness/fixed/1054-divergence", "fZ6EbcNkFa9Z",
      Omission(
        file: "fZ6EbcNkFa9Z.events.json", time: "2026-05-18T06:05:12.445",
        remote: "Q2NhGnuDfEMY")
    ),
    // It had stopped publishing on its own earlier in that second, others' events between:
    // that PUBLISH_STOPPED is no part of the drop.
    (
      "soundness/fixed/203170-divergence", "ghqoituENQov",
      Omission(
        file: "ghqoituENQov.events.json", time: "2026-11-04T01:07:06.760",
        remote: "RyNBN7T2ZD9x")
    ),
    // Its app had stopped publishing on its own a minute before, the stage quiet between:
    // that PUBLISH_STOPPED is no part of the drop either.
    (
      "soundness/fixed/220731-divergence", "DtkLLEP6DwBQ",
      Omission(
        file: "DtkLLEP6DwBQ.events.json", time: "2026-03-25T19:02:58.220",
        remote: "GCNNCKNcRrrr")
    ),
    // It published a second after the exchange that allowed it (answered then: `ask`) and
    // does not publish again in it: it answered the drop's publish question no.
    (
      "soundness/fixed/2010653-divergence", "VLjL2owFxwCJ",
      Omission(
        file: "VLjL2owFxwCJ.events.json", time: "2026-12-12T12:22:01.100",
        remote: "svqqHTbHcnoE")
    ),
    // Its app, taken to publish whenever asked (it published in the second of the exchange
    // that allowed it), stopped publishing just before and does not publish again in it.
    (
      "soundness/fixed/232157-divergence", "hj3wg6CMRU8o",
      Omission(
        file: "hj3wg6CMRU8o.events.page2.json", time: "2026-03-07T19:01:53.265",
        remote: "fQ9nuUubtUCT")
    ),
  ]

  @Test(arguments: bursts.indices)
  func aWholeFolderIsReproducedWithEachShapeOfReconnection(_ index: Int) throws {
    let burst = Self.bursts[index]
    let session = try Self.session(burst.folder)
    #expect(Self.drops(session).contains(burst.subscriber))
    let comparison = try RecordComparison.run(session, file: burst.folder, toleranceSeconds: 5)
    #expect(comparison.isReproduced, "\(comparison.entries.filter { $0.status != .reproduced })")
  }

  @Test(arguments: bursts.indices)
  func aBurstWithoutARestartIsNoDropAndStillParts(_ index: Int) throws {
    let burst = Self.bursts[index]
    let session = try Self.session(burst.folder, dropping: burst.restart)
    let comparison = try RecordComparison.run(session, file: burst.folder, toleranceSeconds: 5)
    let parted = comparison.entries.filter {
      $0.status == .missingInModel && $0.recorded?.participantId == burst.subscriber
    }
    #expect(!parted.isEmpty, "\(burst.folder): \(burst.subscriber)'s records all reproduced")
  }

  @Test func anAppTakenToPublishAlwaysAnswersNoWhereTheDropShowsNoPublish() throws {
    let session = try Self.session("soundness/fixed/232157-divergence")
    let id = "hj3wg6CMRU8o"
    let around = session.scenario.steps.indices.filter {
      guard case .media(.networkDrop(id)) = session.scenario.steps[$0] else { return false }
      return true
    }
    let drop = try #require(around.first)
    guard case .setStrategy(id, .never?, nil) = session.scenario.steps[drop - 1],
      case .setStrategy(id, .always?, nil) = session.scenario.steps[drop + 1]
    else {
      Issue.record("\(session.scenario.steps[(drop - 1)...(drop + 1)])")
      return
    }
    // Its two reconnections, at 19:01:53 and 19:03:47.
    let notes = session.scenario.notes.filter { $0.hasPrefix("\(id): no PUBLISH_STARTED") }
    #expect(around.count == 2 && notes.count == 2, "\(session.scenario.notes)")
  }
}
