import Foundation
import Testing
import TmuxHarness

extension MonitorEndToEndTests {
  /// The binary copied alone into an empty folder (as `install` puts it in /usr/local/bin) has
  /// every theme: `--theme light` is found and `t` goes on to the next bundled theme.
  @Test func aCopiedBinaryHasEveryTheme() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    let copy = folder.appendingPathComponent("stagemon")
    try FileManager.default.copyItem(at: StagemonBinary.url, to: copy)
    let session = try TmuxSession(
      ["/bin/sh", "-c", "cd / && exec \"$0\" --theme light 2>/dev/null", copy.path],
      width: 100, height: 30)
    try expect(session, shows: "Participants")
    #expect(try !session.screen().contains("no theme named"))
    try session.send("t")
    try expect(session, shows: "theme monochrome")
    try session.send("q")
    try expect(session, shows: "[exit 0]")
  }
}
