import IVSRecords

/// `stagemon explain FOLDER` in process, on a folder held in memory: the files are read as
/// the command reads a folder (`RecordFolder`: each file that is not records skipped with a
/// note, another session's files refused, at least one event), imported with no `--sdk` and
/// explained with the default tolerance (`Explanation.make(files:)`, the command's own code).
/// A file refused as another session's is left out and the rest read again, as a support
/// engineer would do on explain's advice.
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
        let explanation = try Explanation.make(files: files, toleranceSeconds: toleranceSeconds)
        return .explained(explanation, blockers: blockers)
      } catch let error as RecordFolderError {
        guard case .otherSessions(let refused, _) = error else {
          return .refused(error.description, blockers: blockers)
        }
        let names = Set(refused.map(\.file))
        guard files.contains(where: { names.contains($0.name) }) else {
          return .refused(error.description, blockers: blockers)
        }
        blockers += refused.map(\.description)
        files.removeAll { names.contains($0.name) }
      } catch {
        return .refused("\(error)", blockers: blockers)
      }
    }
  }
}
