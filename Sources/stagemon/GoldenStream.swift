import Foundation
import InputKit
import StageEngine
import StreamCompare

/// Golden event streams on disk: where a scenario's golden lives by default,
/// reading one for comparison and writing one after a deliberate change.
enum GoldenStream {
  /// `DIR/expected/NAME.jsonl` for `DIR/NAME.json`; empty for standard input.
  static func defaultPath(for scenario: String) -> String {
    guard scenario != "-" else { return "" }
    let directory = PathName.join(PathName.folder(of: scenario), "expected")
    return PathName.join(directory, PathName.stem(of: scenario) + ".jsonl")
  }

  /// The golden at `path`, checked to be JSONL before anything runs.
  static func load(_ path: String, _ options: RunCommand.Options) throws -> JSONLStream {
    guard FileManager.default.fileExists(atPath: path) else {
      throw InputError(
        "no golden file \(path); write one with: stagemon run \(options.scenario) --update-golden \(path)"
      )
    }
    let text = try InputFiles.text(at: path)
    return try JSONLStream(text: text, name: path, ignoring: options.ignoredFields)
  }

  /// Writes `text` to `path` through `SafeFile`, creating its folder; `--update-golden` asks for
  /// the old golden to be replaced, never the scenario it comes from.
  static func write(_ text: String, to path: String, scenario: String) throws {
    let folder = PathName.folder(of: path)
    do {
      try SafeFolder.create(folder)
    } catch {
      throw InputError("cannot create the folder \(folder): \(error.reason)")
    }
    try SafeFile.write(text, to: path, replacing: true, sparing: [scenario])
  }
}

/// The run's stream as JSONL in memory, for comparing or writing a golden.
struct StreamCapture {
  private var renderer = JSONLEventRenderer()
  private var bytes: [UInt8] = []
  private(set) var lineCount = 0

  mutating func append(_ events: [StageEvent]) {
    for event in events { renderer.render(event, into: &bytes) }
    lineCount += events.count
  }

  var text: String { String(decoding: bytes, as: UTF8.self) }
}
