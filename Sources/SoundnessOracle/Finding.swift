import Foundation
import InputKit

/// A violation kept as a regression fixture: the minimised folder, written file by file,
/// beside `FINDING.md` with the seed, the degradations, the false claim and the truth.
public enum Finding {
  /// Writes `folder` and its account into a new folder `directory/<seed>-<kind>`; returns
  /// its path.
  public static func write(
    _ folder: RecordFolder, violation: Violation, result: Oracle.Result,
    limits: SessionGenerator.Limits,
    into directory: String
  ) throws -> String {
    let path = "\(directory)/\(result.seed)-\(violation.kind.rawValue)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for file in folder.files {
      try SafeFile.write(file.bytes, to: "\(path)/\(file.name)", replacing: true)
    }
    let account = """
      # Soundness finding: \(violation.kind.rawValue)

      - seed: \(result.seed) (limits: participants \(limits.participants), actions \(limits.actions))
      - degradations: \(result.degradations.map(\.rawValue).joined(separator: ", "))
      - files (minimised): \(folder.files.map(\.name).joined(separator: ", "))
      - claim: \(violation.claim)
      - truth: \(violation.truth)

      Reproduce: `scripts/soundness 10 \(result.seed)` regenerates the session; this folder is
      the smallest part of its degraded folder on which explain still makes the claim.

      """
    try SafeFile.write(account, to: "\(path)/FINDING.md", replacing: true)
    return path
  }
}
