import Foundation
import Testing
import TmuxHarness

extension MonitorEndToEndTests {
  /// The bundled themes, as `--theme` names them.
  static let bundledThemes = ["default", "light", "high-contrast", "monochrome", "colorblind"]

  /// The whole demo in the real binary at 80×24 and 120×40, in every bundled theme, stepped with
  /// `n` — and with `y` at the co-host question: after each step the header counts it, the
  /// footer offers the one after it and the narration tells it, all with the same numbers.
  @Test(arguments: bundledThemes, [80, 120])
  func theStoryStaysInStep(theme: String, width: Int) throws {
    let size = (width: width, height: width == 80 ? 24 : 40)
    let session = try TmuxSession(
      [StagemonBinary.url.path, "--theme", theme], width: size.width, height: size.height)
    try expect(session, shows: "who sees what")
    for step in 5...13 {
      // The co-host question is answered with `y` (the story's answer) in every other run.
      let key = step == 6 && (theme.count + size.width) % 2 == 0 ? "y" : "n"
      try session.send(key)
      try expect(session, "step \(step) (\(key)) in \(theme) at \(size.width)×\(size.height)") {
        screen in
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let footer = rows.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        let nextOK =
          step == 13 ? footer.contains("next step (finished)") : footer.contains("\(step + 1)/13")
        return rows.first?.contains("step \(step)/13") == true
          && screen.contains("step \(step)/13:") && nextOK
      }
    }
    try expect(session, shows: "the end of the demo")
    try session.send("q")
    try expect(session, shows: "[exit 0]")
  }

  /// Present mode says it is on, offers its keys at 80 columns, and shows the refused token in
  /// the panes, not only in the narration.
  @Test func presentModeIsVisibleWithItsKeysAndTheRefusal() throws {
    let session = try TmuxSession(
      [StagemonBinary.url.path, "--present"], width: 80, height: 24)
    try expect(session, shows: "PRESENTING")
    try expect(session, "present mode's keys") { screen in
      let footer = screen.split(separator: "\n").last ?? ""
      return footer.contains("g glossary") && footer.contains("z zoom")
        && footer.contains("b back")
    }
    for _ in 0..<4 { try session.send("n") }
    try expect(session, "the refusal in the panes") { screen in
      screen.contains("✖ guest") && screen.contains("REFUSED  exchange refused")
    }
  }
}
