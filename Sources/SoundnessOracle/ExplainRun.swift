import IVSRecords
import InputKit
import StageEngine

/// `stagemon explain FOLDER` in process, on a folder held in memory: the records are read
/// as the command reads them (`RecordSet`, session bounds, at least one event), imported with
/// no `--sdk` and explained with the default tolerance. A file the reader refuses is named
/// as a blocker and left out, and the rest read again, as a support engineer would.
public enum ExplainRun {
  /// What explain made of a folder.
  public enum Outcome: Sendable {
    /// The report, and the files that had to be left out first.
    case explained(Explanation, blockers: [String])
    /// Explain refused the folder (no events, or every file blocked): no claim was made.
    case refused(String, blockers: [String])
  }

  /// The tolerance `stagemon explain` uses without `--tolerance`.
  public static let toleranceSeconds: Int64 = 5

  /// Explains `folder`.
  public static func explain(_ folder: RenderedFolder) -> Outcome {
    explain(files: folder.files.map { ($0.name, $0.bytes) })
  }

  /// Explains the files `files` (names and bytes, in folder order).
  public static func explain(files: [(name: String, bytes: [UInt8])]) -> Outcome {
    var files = files
    var blockers: [String] = []
    while true {
      do {
        var records = RecordSet()
        for file in files { try records.read(bytes: file.bytes, file: file.name) }
        try records.checkSessionBounds()
        try records.requireEvents()
        let sessions = try RecordImporter.makeSessions(
          from: records, variants: ImportOptions().variants)
        guard let session = sessions.first else {
          return .refused("no session", blockers: blockers)
        }
        let explanation = try Explanation.make(
          session, file: "folder", toleranceSeconds: toleranceSeconds)
        return .explained(explanation, blockers: blockers)
      } catch let error as RecordError {
        guard let index = files.firstIndex(where: { $0.name == error.file }) else {
          return .refused(error.description, blockers: blockers)
        }
        blockers.append(error.description)
        files.remove(at: index)
      } catch {
        return .refused("\(error)", blockers: blockers)
      }
    }
  }
}
