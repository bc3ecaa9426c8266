import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// `c` sends OSC 52 with the focused pane's selection; `:screenshot` writes the in-memory frame.
@Suite struct CopyAndScreenshotTests {
  /// The OSC 52 payload decoded back to text.
  static func copied(_ sequence: [UInt8]) throws -> String {
    let text = String(decoding: sequence, as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}]52;c;") && text.hasSuffix("\u{1B}\\"))
    let base64 = text.dropFirst(7).dropLast(2)
    let data = try #require(Data(base64Encoded: String(base64)))
    return String(decoding: data, as: UTF8.self)
  }

  @Test func copyingAParticipantSendsItsWholeTokenAndNeverShowsTheSignature() throws {
    let controller = try Fixture.demo()
    let backend = MemoryBackend(width: 120, height: 40)
    let loop = MonitorLoop(controller: controller, backend: backend)
    backend.feed([.down, .character("c")])
    loop.run(exitAfterFrames: 3)
    let sequence = try #require(backend.sent.last)
    let token = try Self.copied(sequence)
    #expect(token.split(separator: ".").count == 3)
    let signature = String(token.split(separator: ".")[2])
    let status = try #require(controller.state.status?.text)
    #expect(status.hasPrefix("copied guest's token (\(token.utf8.count) characters)"))
    #expect(status.hasSuffix("sent to the terminal's clipboard (OSC 52)"))
    #expect(!status.contains(signature))
    #expect(!backend.screen.text().joined().contains(String(signature.prefix(20))))
    #expect(controller.state.log.visibleLines().allSatisfy { !$0.subject.contains(signature) })
  }

  @Test func copyingTheDetailSendsTheWhoSeesWhatTable() throws {
    let controller = try PaneSnapshotTests.featuredGuestController()
    controller.handle(.tab)
    controller.handle(.character("c"))
    let text = try Self.copied(try #require(controller.takeSequence()))
    #expect(controller.takeSequence() == nil)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[0] == "# who sees what guest — truth: bob {featured=true, order=0}")
    #expect(lines[1].hasPrefix("# OBSERVER        PROFILE         SEES     BELIEVES"))
    #expect(
      lines.contains { $0.hasPrefix("# viewer-android  android@1.36.0  STALE    bob {order=2}") })
    #expect(
      lines.contains { $0.contains(#"composition \x28on-reconnect\x29: sees it on republish"#) })
  }

  @Test func copyingTheLogSendsTheBottomEventAsJSON() throws {
    let controller = try PaneSnapshotTests.featuredGuestController()
    controller.handle(.backTab)
    #expect(controller.state.focus == .log)
    controller.handle(.character("c"))
    let text = try Self.copied(try #require(controller.takeSequence()))
    let last = try #require(controller.state.log.visibleLines().last)
    #expect(text.hasPrefix("{\"seq\":\(last.event?.seq ?? 0),"))
    #expect(!text.contains("\n"))
    #expect(controller.state.status?.text.contains("as JSON") == true)
  }

  @Test func screenshotFilesMatchTheInMemoryFrame() throws {
    let directory = try Self.temporaryDirectory()
    let controller = try Fixture.demo(saveDirectory: directory)
    let backend = MemoryBackend(width: 100, height: 30)
    let loop = MonitorLoop(controller: controller, backend: backend)
    loop.drawFrame()
    var expected = CellGrid(width: 100, height: 30)
    Screen.render(controller.state, into: &expected)
    Self.command("screenshot \(directory)/shot.txt", controller)
    let text = try String(contentsOfFile: directory + "/shot.txt", encoding: .utf8)
    let ansi = try String(contentsOfFile: directory + "/shot.ans", encoding: .utf8)
    let svg = try String(contentsOfFile: directory + "/shot.svg", encoding: .utf8)
    #expect(text == GridExport.plainText(expected))
    #expect(ansi == GridExport.ansi(expected))
    #expect(svg == GridExport.svg(expected))
    #expect(text.contains("Participants 4"))
    #expect(svg.contains("Participants 4"))
    #expect(
      controller.state.status?.text
        == "screenshot 100×30: \(directory)/shot.txt, \(directory)/shot.ans and \(directory)/shot.svg"
    )
    // Without a name: a fresh one in the save directory, never the same twice.
    Self.command("screenshot", controller)
    Self.command("screenshot", controller)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(files.filter { $0.hasSuffix(".txt") }.count == 3, "\(files)")
    #expect(files.contains("stagemon-DemoStage01-20260101T120000Z-screen-2.ans"))
    #expect(files.contains("stagemon-DemoStage01-20260101T120000Z-screen-2.svg"))
  }

  @Test(arguments: ["/nonexistent-folder-stagemon/shot", "/etc/hostname/shot"])
  func screenshotIntoAMissingFolderSaysSo(path: String) throws {
    let controller = try Fixture.demo()
    Self.command("screenshot \(path)", controller)
    let status = try #require(controller.state.status)
    #expect(status.kind == .error)
    #expect(status.text.contains("cannot write the screenshot \(path)"), "\(status.text)")
    #expect(status.text.contains("no folder"))
  }

  @Test func screenshotOverADirectorySaysWhy() throws {
    let directory = try Self.temporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory + "/taken.txt", withIntermediateDirectories: true)
    let controller = try Fixture.demo()
    Self.command("screenshot \(directory)/taken", controller)
    let status = try #require(controller.state.status)
    #expect(status.kind == .error)
    #expect(status.text == "cannot write the screenshot \(directory)/taken.txt: it is a directory")
  }

  @Test func screenshotNeverFollowsALinkNorReplacesAFileAndLeavesNoPart() throws {
    let directory = try Self.temporaryDirectory()
    let target = directory + "/target"
    try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/shot.ans", withDestinationPath: target)
    let controller = try Fixture.demo()
    Self.command("screenshot \(directory)/shot", controller)
    let status = try #require(controller.state.status)
    #expect(status.kind == .error)
    #expect(status.text.contains("shot.ans: it is a symbolic link; not following it"))
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
    try FileManager.default.createDirectory(
      atPath: directory + "/taken", withIntermediateDirectories: false)
    try Data("old".utf8).write(to: URL(fileURLWithPath: directory + "/taken/x.svg"))
    Self.command("screenshot \(directory)/taken/x", controller)
    #expect(controller.state.status?.text.contains("x.svg: it already exists") == true)
    let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(left == ["shot.ans", "taken", "target"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/taken") == ["x.svg"])
  }

  /// Types `:text` Enter, as a person would.
  static func command(_ text: String, _ controller: AppController) {
    controller.perform(.commandLine)
    Fixture.type(text, into: controller)
    controller.handle(.enter)
  }

  static func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "stagemon-shot-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
