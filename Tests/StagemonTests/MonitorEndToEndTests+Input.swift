import Foundation
import Testing
import TmuxHarness

/// Bracketed paste in the real terminal: tmux pastes with the markers stagemon asked for.
extension MonitorEndToEndTests {
  @Test func aTenKilobytePasteArrivesWholeAndRunsNoKeys() throws {
    let session = try TmuxSession([StagemonBinary.url.path])
    try expect(session, shows: "Participants")
    try session.send("/")
    let text = String(repeating: "q n x ", count: 1_700) + "END-OF-PASTE"
    try session.paste(text)
    try expect(session, shows: "END-OF-PASTE▏")
    try session.send("Enter")
    try expect(session, shows: "filter \"\(text.prefix(39))…\": 0 lines")
    try session.paste("qqq")
    try expect(session, shows: "paste ignored: open / (filter)")
    #expect(try session.inAlternateScreen(), "a pasted q must not quit")
  }
}
