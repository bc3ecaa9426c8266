import Foundation
import StandInHarness
import Testing
import TmuxHarness

/// `stagemon attach` in tmux against the stand-in on big stages: every listed participant on
/// the first screen, ordered by first join, what is not read yet shown as unknown, the
/// progress line, and on 10,000 viewers the SDK mix estimated with its confidence.
@Suite(
  .serialized, .enabled(if: TmuxSession.enabled, "tmux is not installed"),
  .enabled(if: StandInServer.enabled, "needs python3 with botocore (pip install botocore)"))
struct AttachBigStageTests {
  /// A stand-in generating `participants` (`sdks` in turn), joined over the first half of a
  /// session `seconds` long (default: half a second apart in an hour's session).
  static func server(participants: Int, sdks: String = "[{}]", seconds: Int? = nil) throws
    -> StandInServer
  {
    let length = seconds.map { #","seconds":\#($0)"# } ?? ""
    return try StandInServer(
      config: """
        {"credentials":[{"accessKeyId":"\(LiveFixture.accessKey)","secretAccessKey":"\(LiveFixture.secret)"}],
         "generate":{"participants":\(participants),"extraEvents":2,"sdks":\(sdks)\(length)}}
        """)
  }

  static func attach(_ server: StandInServer, rate: Double, width: Int) throws -> TmuxSession {
    let folder = try StagemonBinary.temporaryDirectory()
    return try TmuxSession(
      [StagemonBinary.url.path, "attach", LiveFixture.stageArn, "--rate", "\(rate)"],
      width: width, height: 40,
      environment: [
        "AWS_ACCESS_KEY_ID": LiveFixture.accessKey, "AWS_SECRET_ACCESS_KEY": LiveFixture.secret,
        "AWS_SESSION_TOKEN": "", "AWS_PROFILE": "", "HOME": folder.path,
        "AWS_ENDPOINT_URL_IVS_REALTIME": server.endpoint, "AWS_EC2_METADATA_DISABLED": "true",
      ])
  }

  /// The rows of the participants pane: its lines that start with a participant ID.
  static func rows(_ screen: String) -> [Substring] {
    screen.split(separator: "\n").filter { $0.dropFirst(3).hasPrefix("p0") }
  }

  @Test func everyListedParticipantIsOnTheFirstScreenInOrderOfFirstJoinWithTheUnreadUnknown()
    throws
  {
    let server = try Self.server(participants: 1_000)
    let session = try Self.attach(server, rate: 4, width: 200)
    let shown = try session.waitFor(60) {
      $0.contains("Participants 1000") && $0.contains("of 1,000 participants; full picture in")
    }
    #expect(shown.met, "\(shown.screen)")
    let rows = Self.rows(shown.screen)
    // Joined half a second apart in ID order: the first rows are the first to join.
    #expect(rows.first?.contains("p00000") == true, "\(shown.screen)")
    let ids = rows.compactMap { $0.split(separator: " ").first { $0.hasPrefix("p0") } }
    #expect(ids == ids.sorted(), "\(ids)")
    #expect(ids.count >= 10)
    // Their GetParticipant and events are not read yet: unknown, never a made-up profile.
    let unread = rows.filter { $0.contains("not read") }
    #expect(!unread.isEmpty, "\(shown.screen)")
    #expect(unread.allSatisfy { $0.contains("unknown") && !$0.contains("@") }, "\(unread)")
    try session.send("q")
  }

  @Test func tenThousandViewersAreListedWithProgressAndAnSDKMixWithItsConfidence() throws {
    let sdks = """
      [{"browserName":"Chrome","osName":"Windows","sdkVersion":"1.32.0"},
       {"osName":"iOS","sdkVersion":"1.37.0"},{"osName":"iOS","sdkVersion":"1.37.0"}]
      """
    // A webinar: 10,000 viewers joined within two minutes of a four-minute session. Listing
    // takes 100 requests; importing 10,000 participants takes minutes in a debug build.
    let server = try Self.server(participants: 10_000, sdks: sdks, seconds: 240)
    let session = try Self.attach(server, rate: 5, width: 400)
    let listed = try session.waitFor(400) {
      $0.contains("Participants 10000") && $0.contains("of 10,000 participants; full picture in")
    }
    #expect(listed.met, "\(listed.screen)")
    let estimate = try session.waitFor(90) { screen in
      screen.contains("% of viewers") && screen.contains("95 % interval")
        && screen.contains(" of 10,000 (a simple random sample")
    }
    #expect(estimate.met, "\(estimate.screen)")
    let header = estimate.screen.split(separator: "\n").first { $0.contains("% of viewers") } ?? ""
    #expect(header.contains("iOS ≥ 1.37") && header.contains("Web < 1.33"), "\(header)")
    #expect(header.contains("±"), "\(header)")
    try session.send("q")
  }
}
