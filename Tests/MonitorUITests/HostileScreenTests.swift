import Foundation
import InputKit
import MonitorUI
import TerminalKit
import Testing

/// The monitor's exits — the screen, every pane's clipboard copy and the three screenshot
/// files — on a scenario whose user IDs and attributes hold escape sequences, C1 and bidi
/// controls: nothing unsafe reaches the terminal, the clipboard or a file.
@Suite struct HostileScreenTests {
  static let hostile = #"\u001b]52;c;ZXZpbA==\u0007\u001b[201~rm x\r\u009b31m\u202e\ufffe"#

  static func controller() throws -> AppController {
    let folder = NSTemporaryDirectory() + "stagemon-hostile-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/hostile.json"
    let text = """
      {"participants": [
        {"id": "host", "sdk": "ios@1.37.0", "userId": "\(hostile)",
         "capabilities": ["publish", "subscribe"], "attributes": {"\(hostile)": "\(hostile)"}},
        {"id": "viewer", "sdk": "web@1.33.0", "capabilities": ["subscribe"]}],
       "steps": [{"join": "host"}, {"join": "viewer"},
                 {"exchange": "host", "token": {"attributes": {"role": "\(hostile)"}}}]}
      """
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let controller = try Fixture.controller(scenarioAt: path)
    for _ in 0..<3 { controller.perform(.nextStep) }
    return controller
  }

  static func isClean(_ text: String) -> Bool {
    !text.unicodeScalars.contains {
      TerminalText.isUnsafe($0, keepingLineBreaks: true) && $0.value != 0x200D
    }
  }

  @Test func theScreenCopiesAndScreenshotsCarryNothingUnsafe() throws {
    let controller = try Self.controller()
    let backend = MemoryBackend(width: 160, height: 50)
    let loop = MonitorLoop(controller: controller, backend: backend)
    var copies: [String] = []
    for _ in 0..<4 {
      backend.feed([.character("c"), .tab])
      loop.run(exitAfterFrames: 2)
      #expect(backend.screen.cells.allSatisfy { Self.isClean($0.symbol) })
      if let sequence = backend.sent.last {
        copies.append(try CopyAndScreenshotTests.copied(sequence))
      }
    }
    #expect(!copies.isEmpty)
    for copy in copies { #expect(Self.isClean(copy), "\(copy)") }
    let folder = NSTemporaryDirectory() + "stagemon-hostile-shot-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    CopyAndScreenshotTests.command("screenshot \(folder)/shot", controller)
    let text = try String(contentsOfFile: folder + "/shot.txt", encoding: .utf8)
    let svg = try String(contentsOfFile: folder + "/shot.svg", encoding: .utf8)
    let ansi = try String(contentsOfFile: folder + "/shot.ans", encoding: .utf8)
    #expect(Self.isClean(text))
    #expect(svg.unicodeScalars.allSatisfy(XMLText.isAllowed))
    let withoutSGR = ansi.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    #expect(Self.isClean(withoutSGR))
  }
}
