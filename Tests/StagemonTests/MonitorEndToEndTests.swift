import Foundation
import Testing
import TmuxHarness

/// The real binary in a real terminal (tmux at 120×40): keys pressed as a
/// person would, the screen read back, each condition polled with a deadline.
@Suite(.serialized, .enabled(if: TmuxSession.enabled, "tmux is not installed"))
struct MonitorEndToEndTests {
  /// A stable stage for the flows below: nothing runs until `n` is pressed.
  static let scenario = #"""
    {
      "description": "end-to-end test stage",
      "stage": { "arn": "arn:aws:ivs:us-west-2:123456789012:stage/EndToEnd01" },
      "participants": [
        { "id": "host", "sdk": "ios@1.37.0", "userId": "alice",
          "capabilities": ["publish", "subscribe"], "strategy": { "publish": "always" } },
        { "id": "guest", "sdk": "android@1.37.0", "userId": "bob",
          "capabilities": ["subscribe"], "strategy": { "publish": "always" } },
        { "id": "old", "sdk": "android@1.36.0", "userId": "carol", "capabilities": ["subscribe"] },
        { "id": "web", "sdk": "web@1.32.0", "userId": "dave", "capabilities": ["subscribe"] }
      ],
      "steps": [ { "join": "host" }, { "join": "guest" }, { "join": "old" }, { "join": "web" } ]
    }
    """#

  /// Starts the scenario above and runs its four joins.
  func joinedStage() throws -> TmuxSession {
    let dir = try StagemonBinary.temporaryDirectory()
    let file = dir.appendingPathComponent("stage.json")
    try Self.scenario.write(to: file, atomically: true, encoding: .utf8)
    let session = try TmuxSession([StagemonBinary.url.path, file.path])
    try expect(session, shows: "Participants")
    for _ in 0..<4 { try session.send("n") }
    try expect(session, "four participants connected") { screen in
      screen.components(separatedBy: "connected").count - 1 >= 4
        && !screen.contains("disconnected")
    }
    return session
  }

  func expect(
    _ session: TmuxSession, shows text: String, seconds: Double = 10,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expect(
      session, "screen shows \"\(text)\"", seconds: seconds, sourceLocation: sourceLocation
    ) {
      $0.contains(text)
    }
  }

  func expect(
    _ session: TmuxSession, _ what: String, seconds: Double = 10,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
  ) throws {
    let result = try session.waitFor(seconds, condition)
    #expect(result.met, "\(what); screen was:\n\(result.screen)", sourceLocation: sourceLocation)
    if !result.met { throw TmuxError("gave up waiting: \(what)") }
  }

  /// Moves the deck's selection to the entry titled `title`.
  func chooseDeckEntry(_ session: TmuxSession, _ title: String) throws {
    try expect(session, shows: "Token deck")
    func selectedLine(_ screen: String) -> Substring? {
      screen.split(separator: "\n").first {
        $0.contains("▶ ✔") || $0.contains("▶ ✖") || $0.contains("▶ –")
      }
    }
    for _ in 0..<20 {
      let selected = selectedLine(try session.screen())
      if selected?.contains(title) == true { return }
      try session.send("Down")
      // Wait for the selection to move before judging it (a loaded machine redraws late).
      _ = try session.waitFor(5) { selectedLine($0) != selected }
    }
    throw TmuxError("deck entry \(title) not found")
  }

  @Test func aKeysFileRebindsAnActionAndReportsABadLine() throws {
    let config = try StagemonBinary.temporaryDirectory()
    let folder = config.appendingPathComponent("stagemon")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "# mine\nexchange = e   # the deck\nexchnage = E\nnext = N\nnext = M\n".write(
      to: folder.appendingPathComponent("keys.conf"), atomically: true, encoding: .utf8)
    let session = try TmuxSession(
      [
        "/bin/sh", "-c", "\"$0\" 2>\"$1\"; cat \"$1\"", StagemonBinary.url.path,
        config.appendingPathComponent("stderr").path,
      ],
      environment: ["XDG_CONFIG_HOME": config.path])
    try expect(session, shows: "e swap token")
    try expect(session, shows: "keys.conf: 2 lines not used (first: line 3)")
    try session.send("x")
    try expect(session, shows: "x: no such key here")
    try session.send("?")
    try expect(session, shows: "keys.conf:3: unknown action \"exchnage\"")
    try expect(session, shows: "keys.conf:5: next is bound on line 4 already")
    try session.send("Escape")
    try session.send("e")
    try expect(session, shows: "Token deck")
    try session.send("Escape")
    try session.send("q")
    // After quitting, the same problems are on stderr, where the shell shows them.
    try expect(session, shows: "stagemon: \(folder.path)/keys.conf:3: unknown action")
    try expect(session, shows: "keys.conf:5: next is bound on line 4 already")
  }

  @Test func copyPutsTheSelectedTokenOnTmuxsClipboard() throws {
    let session = try TmuxSession([StagemonBinary.url.path])
    try session.acceptClipboard()
    try expect(session, shows: "Participants")
    try session.send("j")
    try expect(session, shows: "▶ guest (")
    try session.send("c")
    try expect(session, shows: "copied guest's token")
    try expect(session, shows: "sent to the terminal's clipboard (OSC 52)")
    let deadline = Date().addingTimeInterval(10)
    var buffer = ""
    while buffer.isEmpty, Date() < deadline { buffer = try session.pasteBuffer() }
    let parts = buffer.split(separator: ".")
    #expect(parts.count == 3, "\(buffer)")
    let payload = try #require(parts.count == 3 ? Data(base64URL: String(parts[1])) : nil)
    #expect(String(decoding: payload, as: UTF8.self).contains(#""jti":"guest""#))
    // The status line names the token; it never shows it.
    #expect(try !session.screen().contains(String(parts[2].prefix(16))))
  }

  @Test func theDemoOpensAndHelpListsTheActions() throws {
    let session = try TmuxSession([StagemonBinary.url.path])
    try expect(session, shows: "stage DemoStage01")
    try expect(session, shows: "Participants")
    #expect(try session.inAlternateScreen())
    try session.send("?")
    try expect(session, shows: "Help")
    try expect(session, "help lists the token deck, publish and quit keys") {
      $0.contains("token deck") && $0.contains("publish / unpublish")
        && $0.contains("quit and restore")
    }
    try session.send("End")
    // The book's assumptions, each labelled as one with its rule ID, the last ID last.
    try expect(session, "help ends with the assumptions, labelled as such") {
      $0.contains("assumption: visibility.late-observer:")
    }
    try session.send("Escape")
    try expect(session, "help closes") { !$0.contains("assumption: ") }
  }

  @Test func pressingOnlyNPlaysTheWholeDemoAndShowsTheLastNarration() throws {
    let session = try TmuxSession([StagemonBinary.url.path], width: 100, height: 30)
    try expect(session, shows: "n next step 5/13")
    for step in 5...13 {
      try session.send("n")
      try expect(session, shows: "step \(step)/13:")
      let screen = try session.screen()
      #expect(!screen.contains("cannot run"), "step \(step) failed; screen was:\n\(screen)")
    }
    try expect(session, "the last narration reads in full") { screen in
      let words = screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return words.contains("viewer-web cannot rejoin: its token expired — the end of the demo")
    }
  }

  @Test func tabAndShiftTabMoveFocusBetweenPanes() throws {
    let session = try TmuxSession([StagemonBinary.url.path])
    try expect(session, shows: "▸ Participants")
    try session.send("Tab")
    try expect(session, "focus left the participants pane") {
      !$0.contains("▸ Participants") && $0.contains("┌ ▸ ")
    }
    try session.send("BTab")
    try expect(session, shows: "▸ Participants")
  }

  @Test func grantingPublishWithTheDeckShowsTheCapabilityAndTheJoinEvents() throws {
    let session = try joinedStage()
    try session.send("j")  // host → guest
    try expect(session, shows: "Detail: guest")
    try session.send("x")
    try chooseDeckEntry(session, "grant publish")
    try session.send("Enter")
    try expect(session, "guest row shows publish+subscribe and published") { screen in
      screen.split(separator: "\n").contains {
        $0.contains("guest") && $0.contains(" PS ") && $0.contains("published")
      }
    }
    // Each observer reports the new publisher under its own platform's name (the log filtered
    // to the joins: each line names its rule, so fewer lines fit the pane).
    try session.send("/")
    try session.type("joined")
    try session.send("Enter")
    try expect(session, shows: "onParticipantJoined")
    try expect(session, shows: "STAGE_PARTICIPANT_JOINED")
  }

  @Test func attributesChangedWhilePublishingReachOnlyNewSDKs() throws {
    let session = try joinedStage()
    try session.send(":")
    try session.type("exchange host attributes order=5")
    try session.send("Enter")
    try expect(session, shows: "onParticipantMetadataUpdated")  // android@1.37.0 sees it at once
    try expect(session, "old SDK observers are marked stale with the reason") { screen in
      screen.contains("STALE") && screen.contains("sees it on republish")
    }
  }

  @Test func changingAnImmutableFieldIsRejectedWithAMessage() throws {
    let session = try joinedStage()
    try session.send("j")
    try session.send("x")
    try chooseDeckEntry(session, "change an immutable field")
    try session.send("Enter")
    try expect(session, "the rejection names the SDK check and the field") { screen in
      screen.contains("exchange rejected by the SDK") && screen.contains("topic")
    }
    try expect(session, shows: "exchangeRejected")
  }

  @Test func pUnpublishesAndRepublishesTheSelectedParticipant() throws {
    let session = try joinedStage()
    try session.send("p")
    try expect(session, shows: "PUBLISH_STOPPED")
    try expect(session, shows: "onParticipantLeft")
    try expect(session, shows: "STAGE_PARTICIPANT_LEFT")
    try session.send("p")
    try expect(session, "host is published again") { screen in
      screen.split(separator: "\n").contains {
        $0.contains("host") && $0.contains("published") && !$0.contains("not")
      }
    }
  }

  @Test func mMutesTheHostAndDDropsItsNetworkWhileObserversWatch() throws {
    let session = try joinedStage()
    try session.send("m")
    try expect(session, shows: "muted a+v")
    try expect(session, shows: "STAGE_STREAM_MUTE_CHANGED")
    try session.send("D")
    try expect(session, shows: "network dropped, the SDK reconnected")
    try expect(session, "host reconnected and publishes, still muted") { screen in
      screen.split(separator: "\n").contains {
        $0.contains("host") && $0.contains("connected") && $0.contains("muted a+v")
      }
    }
  }

  @Test func slashFiltersAndSpacePausesTheLog() throws {
    let session = try TmuxSession([StagemonBinary.url.path])
    try expect(session, shows: "Events")
    try session.send("Space")
    try expect(session, shows: "PAUSED 0 new")
    try session.send("n")
    try expect(session, "paused log counts new lines") { screen in
      screen.range(of: #"PAUSED [1-9][0-9]* new"#, options: .regularExpression) != nil
    }
    try session.send("Space")
    try expect(session, "log resumed") { !$0.contains("PAUSED") }
    try session.send("/")
    try session.type("JOINED")
    try session.send("Enter")
    try expect(session, "the status names the filter (wrapped or not)") { screen in
      screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        .contains("filter \"JOINED\"")
    }
  }

  @Test func resizingBelowTheMinimumShowsANoticeAndRecovers() throws {
    let session = try TmuxSession([StagemonBinary.url.path])
    try expect(session, shows: "Participants")
    try session.resize(width: 40, height: 10)
    try expect(session, shows: "terminal too small")
    try session.resize(width: 120, height: 40)
    try expect(session, shows: "Participants")
  }

  @Test func quittingRestoresAUsableShell() throws {
    let session = try TmuxSession([StagemonBinary.url.path])
    try expect(session, shows: "Participants")
    try session.send("q")
    try expect(session, shows: "[exit 0]")
    #expect(try !session.inAlternateScreen())
    try session.type("echo shell-still-works")
    try session.send("Enter")
    try expect(session, shows: "\nshell-still-works")
  }

  /// A crash while the UI is up (test builds crash on purpose with STAGEMON_CRASH_DRILL) leaves
  /// the alternate screen, gives the shell its modes back at once — no backtracer prompt holding
  /// the terminal — and exits with the signal's status (128 + signal number).
  @Test(arguments: [("trap", 128 + SIGILL), ("abort", 128 + SIGABRT), ("segv", 128 + SIGSEGV)])
  func aCrashGivesTheTerminalBackAtOnce(drill: String, status: Int32) throws {
    let session = try TmuxSession(
      [StagemonBinary.url.path], environment: ["STAGEMON_CRASH_DRILL": drill])
    // The backtracer symbolicates a debug build before the exit: on a loaded machine that
    // alone took over 10 s. A backtracer waiting for input would hold it for ever.
    try expect(session, shows: "[exit \(status)]", seconds: 60)
    #expect(try !session.inAlternateScreen())
    try session.type("echo shell-still-works")
    try session.send("Enter")
    try expect(session, shows: "\nshell-still-works")
  }

  @Test func anInvalidScenarioIsReportedWithoutTouchingTheTerminal() throws {
    let dir = try StagemonBinary.temporaryDirectory()
    let file = dir.appendingPathComponent("bad.json")
    try #"{"participants": [{"id": "a"}], "steps": [{"jion": "a"}]}"#.write(
      to: file, atomically: true, encoding: .utf8)
    let session = try TmuxSession([StagemonBinary.url.path, file.path])
    try expect(session, shows: "[exit 1]")
    try expect(session, "error names the file, the JSON path and the verb") { screen in
      screen.contains("bad.json") && screen.contains("steps[0]") && screen.contains("jion")
    }
  }
}

extension Data {
  /// Decodes base64url without padding (a JWT segment).
  fileprivate init?(base64URL text: String) {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    self.init(base64Encoded: base64)
  }
}
