import Foundation
import MonitorUI
import TerminalKit
import Testing

/// docs/screen.svg (the README's picture) is the demo at step 7 as the build draws it, in the
/// default theme at 120×36: this fails when the picture is stale. `scripts/screenshot`
/// regenerates it (`STAGEMON_UPDATE_DOCS=1 swift test --filter ScreenshotDocTests`).
@Suite struct ScreenshotDocTests {
  static let picture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/screen.svg")

  /// The picture: the demo after three steps (the guest's attributes changed while it
  /// publishes), the frame the monitor draws at 120×36.
  static func svg() throws -> String {
    let controller = try Fixture.demo(steps: 3)
    var grid = CellGrid(width: 120, height: 36)
    Screen.render(controller.state, into: &grid)
    return GridExport.svg(grid)
  }

  @Test func theREADMEsPictureIsTheDemoAsBuilt() throws {
    let svg = try Self.svg()
    let text = try String(contentsOf: Self.picture, encoding: .utf8)
    if ProcessInfo.processInfo.environment["STAGEMON_UPDATE_DOCS"] == "1", svg != text {
      try svg.write(to: Self.picture, atomically: true, encoding: .utf8)
      return
    }
    #expect(svg == text, "docs/screen.svg is stale: run scripts/screenshot")
  }

  @Test func thePictureShowsTheStepItsCaptionNames() throws {
    let svg = try Self.svg()
    #expect(svg.contains("step 7/13"))
    #expect(svg.contains("STALE"))
  }
}
