import Foundation
import InputKit
import StageEngine
import StreamCompare

/// Golden event streams on disk — jest's snapshots for scenarios: where a scenario's golden
/// lives (the one it names, else `expected/NAME.jsonl` beside it), reading one to compare a
/// run with, and writing one after a deliberate change. `stagemon run` and `stagemon test`
/// share it, so both find and write the same file.
public enum GoldenStream {
  /// The largest golden read (a run of a scenario at the service limits writes well under it).
  public static let maximumBytes = 256 << 20

  /// `DIR/expected/NAME.jsonl` for `DIR/NAME.json`; empty for standard input.
  public static func defaultPath(for scenario: String) -> String {
    guard scenario != "-" else { return "" }
    let directory = PathName.join(PathName.folder(of: scenario), "expected")
    return PathName.join(directory, PathName.stem(of: scenario) + ".jsonl")
  }

  /// The golden of `scenario`, read from `file`: the one it names (`"golden"`), else the
  /// default place.
  public static func path(of scenario: Scenario, file: String) -> String {
    scenario.golden ?? defaultPath(for: file)
  }

  /// Whether a file (or anything else) is at `path`.
  public static func exists(_ path: String) -> Bool {
    !path.isEmpty && BoundedInput.exists(path)
  }

  /// The golden at `path`, checked to be JSONL; `ignoring` fields are left out of comparisons.
  public static func read(_ path: String, ignoring fields: [String]) throws -> JSONLStream {
    let text = try BoundedInput.text(atPath: path, limit: maximumBytes)
    return try JSONLStream(text: text, name: path, ignoring: fields)
  }

  /// Writes `text` to `path` through `SafeFile`, creating its folder; the old golden is
  /// replaced, never the scenario it comes from.
  public static func write(_ text: String, to path: String, scenario: String) throws {
    let folder = PathName.folder(of: path)
    do {
      try SafeFolder.create(folder)
    } catch {
      throw GoldenFolderError(folder: folder, reason: error.reason)
    }
    try SafeFile.write(text, to: path, replacing: true, sparing: [scenario])
  }
}

/// A golden's folder that could not be made.
struct GoldenFolderError: Error, CustomStringConvertible {
  let folder: String
  let reason: String
  var description: String { "cannot create the folder \(folder): \(reason)" }
}

/// A run's stream as JSONL in memory, for comparing with a golden or writing one.
public struct StreamCapture {
  private var renderer = JSONLEventRenderer()
  private var bytes: [UInt8] = []
  /// Events captured.
  public private(set) var lineCount = 0

  /// An empty capture.
  public init() {}

  /// Appends `events` as JSON lines.
  public mutating func append(_ events: [StageEvent]) {
    for event in events { renderer.render(event, into: &bytes) }
    lineCount += events.count
  }

  /// The stream so far.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
