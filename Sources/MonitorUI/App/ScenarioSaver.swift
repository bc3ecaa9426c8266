import Foundation
import Glibc
import InputKit
import StageEngine
import TokenCore

/// Saves the session as a scenario file (`:save-scenario`): the runner's history in the SPEC §6
/// format, plus the run's generated key beside it (mode 0600) so that raw tokens it signed
/// verify on replay. Both go through `SafeFile`: never through a symbolic link, never over a file
/// it was not told to replace, whole or not at all, and the two together: both or neither. The
/// scenario is 0600 like its key, as a session may hold bearer tokens pasted into it.
public enum ScenarioSaver {
  /// Where a save went.
  public struct Saved: Equatable, Sendable {
    /// The scenario file.
    public let path: String
    /// The key file beside it, when the run generated its key.
    public let keyPath: String?
  }

  /// Whether `path` exists (a link counts, it is never followed).
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// A new file name in `directory` named after the stage and virtual time.
  public static func freshPath(directory: String, stageID: String, time: Int64) -> String {
    let stamp = VirtualTime.iso8601(time).filter { $0.isLetter || $0.isNumber }
    let base = "\(directory)/stagemon-\(stageID)-\(stamp)"
    var attempt = 1
    var path = base + ".scenario.json"
    while exists(path) && attempt < 1000 {
      attempt += 1
      path = base + "-\(attempt).scenario.json"
    }
    return path
  }

  /// Writes `runner`'s session to `path`, replacing an existing regular file only when
  /// `overwrite` is set; a symbolic link or another kind of file is refused.
  public static func save(_ runner: ScenarioRunner, to path: String, overwrite: Bool)
    throws(ScenarioSaveError) -> Saved
  {
    try checkTarget(path, overwrite: overwrite)
    let keyPath = runner.hasGeneratedKey ? Self.keyPath(for: path) : nil
    let directory = PathName.folder(of: path)
    let keyFile = keyPath.map { PathName.join(directory, PathName.name(of: $0)) }
    let text = ScenarioEncoder.text(
      runner.recording(generatedKeyPath: keyFile), relativeTo: directory)
    // The scenario is written out of sight first and put in place last, after its key, so a
    // failure leaves both as they were: a new key is removed again when the scenario fails.
    let scenario: PendingFile
    do {
      scenario = try PendingFile(path: path, replacing: overwrite, mode: SafeFile.privateMode)
      try scenario.write(text)
    } catch {
      throw ScenarioSaveError(
        path: path, reason: error.reason, needsConfirmation: error.problem == .exists)
    }
    var newKey: String?
    if let keyPath {
      try checkTarget(keyPath, overwrite: overwrite)
      let existed = exists(keyPath)
      do {
        try runner.writeGeneratedKey(toFile: keyPath, replacing: overwrite)
      } catch {
        throw ScenarioSaveError(path: keyPath, reason: error.description)
      }
      newKey = existed ? nil : keyPath
    }
    do {
      try scenario.commit()
    } catch {
      if let newKey { unlink(newKey) }
      throw ScenarioSaveError(
        path: path, reason: error.reason, needsConfirmation: error.problem == .exists)
    }
    return Saved(path: path, keyPath: keyPath)
  }

  /// `session.json` → `session.key.pem`.
  static func keyPath(for path: String) -> String {
    let trimmed = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
    return trimmed + ".key.pem"
  }

  /// Refuses a link or a non-file at once, and asks before replacing an existing file.
  private static func checkTarget(_ path: String, overwrite: Bool) throws(ScenarioSaveError) {
    do {
      try SafeFile.checkDestination(path, replacing: overwrite)
    } catch {
      throw ScenarioSaveError(
        path: path, reason: error.reason, needsConfirmation: error.problem == .exists)
    }
  }
}

/// Why the session could not be saved, naming the file.
public struct ScenarioSaveError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file.
  public let path: String
  /// The cause.
  public let reason: String
  /// Whether saving again with `overwrite` would succeed (the file exists and is regular).
  public var needsConfirmation = false
  /// "cannot save the scenario to PATH: REASON".
  public var description: String { "cannot save the scenario to \(path): \(reason)" }
}
