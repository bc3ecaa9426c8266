import Foundation
import Glibc
import InputKit
import StageEngine

/// Saves log lines as SPEC §7 JSON lines with StageEngine's headless writer, so a saved log
/// reads exactly like `stagemon run --format jsonl` (and, like it, never holds a signature).
/// Never overwrites: a new file name is chosen when one exists; written through `SafeFile`.
public enum LogSaver {
  /// Writes the events of `lines` (verdict and record lines are not events) to a new file in
  /// `directory` named after the stage and virtual time; returns its path and the number of
  /// events written, one line each.
  public static func save(
    _ lines: [LogLine], directory: String, stageID: String, time: Int64
  ) throws(LogSaveError) -> (path: String, events: Int) {
    let events = lines.compactMap(\.event)
    let stamp = VirtualTime.iso8601(time).filter { $0.isLetter || $0.isNumber }
    let base = "\(directory)/stagemon-\(stageID)-\(stamp)"
    for attempt in 0..<100 {
      let path = attempt == 0 ? base + ".jsonl" : base + "-\(attempt + 1).jsonl"
      do {
        try write(events, to: path)
        return (path, events.count)
      } catch  where error.problem == .exists {
        continue
      } catch {
        throw LogSaveError(path: path, reason: error.reason)
      }
    }
    throw LogSaveError(path: base + ".jsonl", reason: "too many saved logs with this name")
  }

  /// Streams the events into a new file through `SafeFile`.
  private static func write(_ events: [StageEvent], to path: String) throws(SafeFileError) {
    let file = try PendingFile(path: path)
    let writer = EventStreamWriter(format: .jsonl, fileDescriptor: file.fileDescriptor)
    for event in events { writer.write(event) }
    do {
      try writer.flush()
    } catch {
      file.discard()
      throw SafeFileError(path: path, problem: .system(error.cause))
    }
    try file.commit()
  }
}

/// Why the log could not be saved, naming the file.
public struct LogSaveError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file.
  public let path: String
  /// The cause.
  public let reason: String
  /// "cannot save the log to PATH: REASON".
  public var description: String { "cannot save the log to \(path): \(reason)" }
}
