import Foundation
import StageEngine
import TokenCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Saves the session as a scenario file (`:save-scenario`): the runner's history in the SPEC §6
/// format, plus the run's generated key beside it (mode 0600) so that raw tokens it signed
/// verify on replay. Never follows a symbolic link and never replaces a file it was not told
/// to: files are written to a fresh temporary name and renamed into place.
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
    if let keyPath {
      try checkTarget(keyPath, overwrite: overwrite)
      let temporary = temporaryName(for: keyPath)
      do {
        try runner.writeGeneratedKey(toFile: temporary)
      } catch {
        throw ScenarioSaveError(path: keyPath, reason: error.description)
      }
      try rename(temporary, to: keyPath)
    }
    let folder = (path as NSString).deletingLastPathComponent
    let directory = folder.isEmpty ? "." : folder
    let keyFile = keyPath.map {
      (directory as NSString).appendingPathComponent(($0 as NSString).lastPathComponent)
    }
    let text = ScenarioEncoder.text(
      runner.recording(generatedKeyPath: keyFile), relativeTo: directory)
    let temporary = temporaryName(for: path)
    try write(text, to: temporary, reportedAs: path)
    try rename(temporary, to: path)
    return Saved(path: path, keyPath: keyPath)
  }

  /// `session.json` → `session.key.pem`.
  static func keyPath(for path: String) -> String {
    let trimmed = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
    return trimmed + ".key.pem"
  }

  private static func checkTarget(_ path: String, overwrite: Bool) throws(ScenarioSaveError) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFLNK {
      throw ScenarioSaveError(path: path, reason: "it is a symbolic link; not following it")
    }
    guard kind == S_IFREG else { throw ScenarioSaveError(path: path, reason: "not a regular file") }
    guard overwrite else {
      throw ScenarioSaveError(path: path, reason: "it already exists", needsConfirmation: true)
    }
  }

  private static func temporaryName(for path: String) -> String {
    "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  }

  private static func write(_ text: String, to path: String, reportedAs target: String)
    throws(ScenarioSaveError)
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else {
      throw ScenarioSaveError(path: target, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else {
      unlink(path)
      throw ScenarioSaveError(path: target, reason: String(cString: strerror(errno)))
    }
  }

  private static func rename(_ temporary: String, to path: String) throws(ScenarioSaveError) {
    guard Glibc.rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw ScenarioSaveError(path: path, reason: reason)
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
