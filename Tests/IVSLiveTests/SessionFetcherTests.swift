import AWSKit
import Foundation
import JSONKit
import Testing

@testable import IVSLive

/// The fetcher against a scripted transport: what it asks, in which order, and what it keeps.
struct SessionFetcherTests {
  final class Script: HTTPTransport, @unchecked Sendable {
    let lock = NSLock()
    var answers: [String: [String]]
    var asked: [String] = []
    init(_ answers: [String: [String]]) { self.answers = answers }
    func send(_ request: HTTPRequest, timeout: Double) throws(AWSError) -> HTTPResponse {
      lock.lock()
      defer { lock.unlock() }
      let operation = String(request.path.dropFirst())
      asked.append(operation)
      guard var queue = answers[operation], !queue.isEmpty else {
        throw .transport("unscripted \(operation)")
      }
      let body = queue.removeFirst()
      answers[operation] = queue
      return HTTPResponse(status: 200, body: Array(body.utf8))
    }
  }

  struct Keys: CredentialProvider {
    var name: String { "test" }
    var isRenewable: Bool { false }
    func credentials() throws(CredentialError) -> Credentials? {
      Credentials(accessKeyID: "AKID", secretAccessKey: "s", source: "test")
    }
  }

  final class NoWait: AWSClock, @unchecked Sendable {
    func now() -> Double { 1_800_000_000 }
    func sleep(seconds: Double) {}
  }

  static let stage = StageReference("arn:aws:ivs:us-west-2:123456789012:stage/AbC")

  @Test func eventsOfAllPagesAreMergedNewestFirst() throws {
    let script = Script([
      "GetStage": [#"{"stage":{"arn":"x","activeSessionId":"st-Abcdefghijklm"}}"#],
      "GetStageSession": [#"{"stageSession":{"sessionId":"st-Abcdefghijklm"}}"#],
      "ListParticipants": [#"{"participants":[{"participantId":"p1"}]}"#],
      "GetParticipant": [#"{"participant":{"participantId":"p1"}}"#],
      "ListParticipantEvents": [
        #"{"events":[{"name":"PUBLISH_STARTED","eventTime":"2026-01-01T00:00:02Z"}],"nextToken":"a+/="}"#,
        #"{"events":[{"name":"JOINED","eventTime":"2026-01-01T00:00:01.5Z"},{"name":"LEFT","eventTime":"2026-01-01T00:00:09+00:00"}]}"#,
      ],
    ])
    let stage = try #require(Self.stage)
    let clock = NoWait()
    let client = IVSRealTimeClient(
      region: "us-west-2",
      endpoint: try IVSEndpoint(region: "us-west-2", explicit: nil, environment: [:]),
      credentials: CredentialCache(Keys(), clock: clock), transport: script,
      pacer: RequestPacer(pace: .every(4), clock: clock),
      clock: clock)
    let result = try SessionFetcher(client: client, stage: stage) { _ in }.fetch(sessionId: nil)
    #expect(result.sessionId == "st-Abcdefghijklm")
    let events = try #require(result.files.first { $0.name == "p1.events.json" })
    #expect(
      events.json["events"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == [
        "LEFT", "PUBLISH_STARTED", "JOINED",
      ])
    #expect(
      script.asked == [
        "GetStage", "GetStageSession", "ListParticipants", "GetParticipant",
        "ListParticipantEvents",
        "ListParticipantEvents",
      ])
  }

  @Test func theManifestHasExactlyItsMembers() {
    let manifest = FetchManifest(
      stageArn: "arn", sessionId: "st-1", fetchedAt: 0, requestCount: 3, complete: false,
      problems: ["p"])
    #expect(
      JSONWriter.compact(manifest.json)
        == #"{"kind":"stagemon-fetch-manifest","version":1,"stageArn":"arn","sessionId":"st-1","fetchedAt":"1970-01-01T00:00:00Z","requestCount":3,"complete":false,"problems":["p"]}"#
    )
  }
}
