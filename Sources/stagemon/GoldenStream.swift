import Foundation
import StageEngine
import StreamCompare

/// Golden event streams on disk: where a scenario's golden lives by default,
/// reading one for comparison and writing one after a deliberate change.
enum GoldenStream {
  /// `DIR/expected/NAME.jsonl` for `DIR/NAME.json`; empty for standard input.
  static func defaultPath(for scenario: String) -> String {
    guard scenario != "-" else { return "" }
    let url = URL(fileURLWithPath: scenario)
    let name = url.deletingPathExtension().lastPathComponent
    let directory = (scenario as NSString).deletingLastPathComponent
    return ((directory as NSString).appendingPathComponent("expected") as NSString)
      .appendingPathComponent("\(name).jsonl")
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

  /// Writes `text` to `path`, creating its folder.
  static func write(_ text: String, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      if !folder.isEmpty {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      throw InputError("cannot write \(path): \(error.localizedDescription)")
    }
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
