import Foundation
import JSONKit
import StandInHarness
import Testing
import TmuxHarness

@testable import stagemon

/// `stagemon attach --events-queue URL` in tmux against the IVS stand-in and moto's SQS
/// (`Tests/StandIn/sqs_standin.py`, every signature checked with botocore's signer): an
/// "IVS Stage Update" EventBridge delivers to the queue is on screen within the time the help
/// states, and the queue's messages are deleted with `--delete-consumed` and left without it.
@Suite(
  .serialized, .enabled(if: TmuxSession.enabled, "tmux is not installed"),
  .enabled(if: StandInServer.enabled, "needs python3 with botocore (pip install botocore)"),
  .enabled(
    if: CredentialStandIn.enabled, "needs python3 with moto[server] (pip install 'moto[server]')"))
struct AttachEventsQueueEndToEndTests {
  /// An "IVS Stage Update" of the fixture's live session, as EventBridge delivers it (timed
  /// by the envelope's whole second, as AWS's example has no `detail.event_time`).
  static func update(_ id: String, _ name: String, participant: String) -> String {
    let time = ISO8601DateFormatter().string(from: Date())
    return
      #"{"version":"0","id":"\#(id)","detail-type":"IVS Stage Update","source":"aws.ivs","account":"123456789012","time":"\#(time)","region":"us-west-2","resources":["\#(LiveFixture.stageArn)"],"detail":{"session_id":"st-LiveSession01","event_name":"\#(name)","participant_id":"\#(participant)"}}"#
  }

  /// What the queue holds: visible, and received but not deleted.
  static func held(_ queue: StandInServer) throws -> Int {
    let json = try JSONParser.parse(bytes: Array(try queue.control("GET", "/_standin/queue")))
    return Int((json["visible"]?.integerValue ?? 0) + (json["inFlight"]?.integerValue ?? 0))
  }

  /// Sends `update` to the queue, and waits for its recorded `name` of `participant` on screen.
  static func pushed(
    _ update: String, shows name: String, of participant: String, in session: TmuxSession,
    queue: StandInServer
  ) throws -> (seen: Bool, seconds: Double, screen: String) {
    let body = JSONWriter.compact(.array([.string(update)]))
    let sent = Date()
    _ = try queue.control("POST", "/_standin/send", Data(body.utf8))
    let seen = try session.waitFor(PolledSession.pushedWithin + 5) { screen in
      screen.split(separator: "\n").contains {
        $0.contains("recorded") && $0.contains(name) && $0.contains(participant)
      }
    }
    return (seen.met, Date().timeIntervalSince(sent), seen.screen)
  }

  @Test(arguments: [false, true])
  func aPushedEventIsOnScreenWithinTheStatedTimeAndDeletedOnlyWhenAsked(deleting: Bool) throws {
    let live = try LiveFixture()
    let queue = try StandInServer(
      script: StandInServer.sqsScript,
      config:
        #"{"credentials":[{"accessKeyId":"\#(LiveFixture.accessKey)","secretAccessKey":"\#(LiveFixture.secret)"}]}"#
    )
    let url = "\(queue.endpoint)/123456789012/ivs-events"
    let session = try TmuxSession(
      [
        StagemonBinary.url.path, "attach", LiveFixture.stageArn, "--rate", "4", "--events-queue",
        url,
      ]
        + (deleting ? ["--delete-consumed"] : []), environment: live.environment)
    // Every participant read (host's SDK and its recorded PUBLISH_STARTED shown): what the
    // queue brings next is all that changes.
    let read = try session.waitFor(30) { screen in
      screen.contains("web@1.32.0")
        && screen.split(separator: "\n").contains {
          $0.contains("recorded") && $0.contains("PUBLISH_STARTED") && $0.contains("host")
        }
    }
    #expect(read.met, "\(read.screen)")
    #expect(!read.screen.contains("PUBLISH_STOPPED"), "\(read.screen)")

    let stop = try Self.pushed(
      Self.update("e1", "Participant Unpublished", participant: "host"), shows: "PUBLISH_STOPPED",
      of: "host", in: session, queue: queue)
    #expect(stop.seen, "\(stop.screen)")
    #expect(
      stop.seconds <= PolledSession.pushedWithin,
      "on screen \(stop.seconds) s after it reached the queue; the help states \(PolledSession.pushedWithin) s"
    )
    // The second is received after the first was handled (deleted, if that was asked).
    let start = try Self.pushed(
      Self.update("e2", "Participant Published", participant: "viewer"), shows: "PUBLISH_STARTED",
      of: "viewer", in: session, queue: queue)
    #expect(start.seen, "\(start.screen)")
    #expect(start.seconds <= PolledSession.pushedWithin)
    if deleting {
      let emptied = try session.waitFor(5) { _ in (try? Self.held(queue)) == 0 }
      let held = try Self.held(queue)
      #expect(emptied.met, "the queue still holds \(held) messages")
    } else {
      #expect(try Self.held(queue) == 2)
    }
    #expect(!start.screen.contains(LiveFixture.secret))
    try session.send("q")
  }
}
