import Foundation
import JSONKit
import StandInHarness
import Synchronization
import Testing

@testable import AWSKit
@testable import IVSLive

/// `attach --events-queue` against moto's SQS (`Tests/StandIn/sqs_standin.py`, every
/// signature checked with botocore's signer): the stage's "IVS Stage Update" events of the
/// session are kept once each, oldest first; other stages', other sessions' and unreadable
/// messages are left aside; nothing is deleted unless asked.
@Suite(
  .serialized,
  .enabled(
    if: StandInServer.required || CredentialStandIn.isAvailable,
    "needs python3 with moto[server] (pip install 'moto[server]')"))
struct EventQueueFeedTests {
  static let key = "AKIDQUEUE"
  static let secret = "queue/Secret+KEY"
  static let stageArn = "arn:aws:ivs:us-west-2:123456789012:stage/StandIn01"

  /// An "IVS Stage Update" as EventBridge delivers it (no detail.event_time: AWS's example).
  static func update(id: String, stage: String = stageArn, session: String = "st-Live1")
    -> String
  {
    #"{"version":"0","id":"\#(id)","detail-type":"IVS Stage Update","source":"aws.ivs","account":"123456789012","time":"2026-12-04T14:00:0\#(id.suffix(1))Z","region":"us-west-2","resources":["\#(stage)"],"detail":{"session_id":"\#(session)","event_name":"Participant Published","user_id":"u","participant_id":"host"}}"#
  }

  static func server(_ messages: [String]) throws -> StandInServer {
    let bodies = JSONWriter.compact(.array(messages.map { .string($0) }))
    return try StandInServer(
      script: StandInServer.sqsScript,
      config:
        #"{"credentials":[{"accessKeyId":"\#(key)","secretAccessKey":"\#(secret)"}],"messages":\#(bodies)}"#
    )
  }

  static func client(_ server: StandInServer, secret: String = secret) throws -> SQSClient {
    let clock = SystemClock()
    return try SQSClient(
      queueURL: "\(server.endpoint)/123456789012/ivs-events", region: "us-west-2",
      environment: [:],
      credentials: CredentialCache(
        EnvironmentCredentials(["AWS_ACCESS_KEY_ID": key, "AWS_SECRET_ACCESS_KEY": secret]),
        clock: clock), transport: CurlTransport(), clock: clock)
  }

  /// The queue's messages: visible, and received but not deleted.
  static func queue(_ server: StandInServer) throws -> (visible: Int, inFlight: Int) {
    let data = try server.control("GET", "/_standin/queue")
    let json = try JSONParser.parse(bytes: Array(data))
    return (Int(json["visible"]?.integerValue ?? -1), Int(json["inFlight"]?.integerValue ?? -1))
  }

  static let messages = [
    update(id: "e1"), update(id: "e1"), update(id: "e2", stage: stageArn + "x"),
    update(id: "e3", session: "st-Other"), "not json", update(id: "e4"),
  ]

  /// What the feed handed on last.
  final class Kept: Sendable {
    let json = Mutex<JSON?>(nil)
  }

  func feed(_ server: StandInServer, deleting: Bool, kept: Kept) throws -> EventQueueFeed {
    EventQueueFeed(
      client: try Self.client(server), stageArn: Self.stageArn, sessionId: "st-Live1",
      deleting: deleting
    ) { json in kept.json.withLock { $0 = json } }
  }

  @Test func theSessionsStageUpdatesAreKeptOnceEachAndNothingIsDeletedUnlessAsked() throws {
    let server = try Self.server(Self.messages)
    let kept = Kept()
    let feed = try feed(server, deleting: false, kept: kept)
    while feed.counts.kept + feed.counts.ignored + feed.counts.repeated < Self.messages.count {
      try feed.readBatch()
    }
    let events = kept.json.withLock { $0 }?.arrayValue ?? []
    #expect(events.compactMap { $0["id"]?.stringValue } == ["e1", "e4"])
    #expect(feed.counts == EventQueueFeed.Counts(kept: 2, ignored: 3, repeated: 1, deleted: 0))
    let queue = try Self.queue(server)
    #expect(queue.visible + queue.inFlight == Self.messages.count, "\(queue)")
  }

  @Test func consumedMessagesAreDeletedWhenAsked() throws {
    let server = try Self.server(Self.messages)
    let kept = Kept()
    let feed = try feed(server, deleting: true, kept: kept)
    while feed.counts.deleted < Self.messages.count { try feed.readBatch() }
    let queue = try Self.queue(server)
    #expect(queue.visible == 0 && queue.inFlight == 0, "\(queue)")
    #expect(feed.counts.kept == 2)
  }

  @Test func aWrongSecretIsRefusedBySQS() throws {
    let server = try Self.server([Self.update(id: "e1")])
    let client = try Self.client(server, secret: "wrong")
    #expect {
      _ = try client.receive()
    } throws: { error in
      "\(error)".contains("SignatureDoesNotMatch")
    }
  }

  @Test func theRegionIsTheQueueHosts() {
    #expect(SQSClient.signingRegion(ofHost: "sqs.eu-west-1.amazonaws.com") == "eu-west-1")
    #expect(SQSClient.signingRegion(ofHost: "ap-south-1.queue.amazonaws.com") == "ap-south-1")
    #expect(SQSClient.signingRegion(ofHost: "127.0.0.1") == nil)
  }
}
