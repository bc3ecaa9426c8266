import Foundation
import IVSRecords
import StageEngine
import Testing

/// A subscriber's SDK reconnecting after a network drop (issue 29, soundness finding
/// 38-divergence): its SUBSCRIBE_STOPPED and SUBSCRIBE_STARTED to every publisher within a
/// second are imported as the model's network drop, and nothing else is.
@Suite struct ReconnectImportTests {
  static let folder = "soundness/fixed/38-divergence"

  /// The folder's records, with the SUBSCRIBE_STARTED `dropping` names left out.
  static func session(dropping: (file: String, time: String, remote: String)? = nil) throws
    -> ImportedSession
  {
    let url = RecordFixtures.root.appendingPathComponent(folder)
    var records = RecordSet()
    for file in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    where file.hasSuffix(".json") {
      var bytes = try RecordFixtures.bytes("\(folder)/\(file)")
      if let dropping, dropping.file == file {
        let data = try JSONSerialization.jsonObject(with: Data(bytes))
        var page = try #require(data as? [String: Any])
        let events = try #require(page["events"] as? [[String: Any]])
        let kept = events.filter {
          !($0["name"] as? String == "SUBSCRIBE_STARTED"
            && ($0["eventTime"] as? String)?.hasPrefix(dropping.time) == true
            && $0["remoteParticipantId"] as? String == dropping.remote)
        }
        try #require(kept.count == events.count - 1)
        page["events"] = kept
        bytes = Array(try JSONSerialization.data(withJSONObject: page))
      }
      try records.read(bytes: bytes, file: file)
    }
    return try RecordImporter.makeSession(from: records, options: ImportOptions())
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
      dropping: ("eAfeBFZtrvMt.events.json", "2026-10-12T08:19:05", "EuJWWR8shegg"))
    #expect(Self.drops(session) == ["tWBby5JnQoVD"])
    let comparison = try RecordComparison.run(session, file: "38", toleranceSeconds: 5)
    // Its stops and restart to tWBby5JnQoVD are missing in the model, as before the fix.
    #expect(comparison.count(.missingInModel) == 3, "\(comparison.entries)")
  }
}
