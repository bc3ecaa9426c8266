import Foundation
import InputKit
import JSONKit
import Testing

@testable import AWSKit

/// The one paginator ends every listing: on the last page, and — with an error naming the
/// operation and the page — when a server would make it endless or unbounded.
struct PaginatorTests {
  /// Answers every request with `page(n)` for the n-th request (from 1), without end.
  final class Endless: HTTPTransport, @unchecked Sendable {
    let lock = NSLock()
    let page: @Sendable (Int) -> String
    var count = 0
    init(_ page: @escaping @Sendable (Int) -> String) { self.page = page }
    func send(_ request: HTTPRequest, timeout: Double) throws(AWSError) -> HTTPResponse {
      lock.lock()
      defer { lock.unlock() }
      count += 1
      return HTTPResponse(status: 200, body: Array(page(count).utf8))
    }
  }

  static func client(_ transport: any HTTPTransport) throws -> IVSRealTimeClient {
    let clock = FakeClock()
    return IVSRealTimeClient(
      region: "us-west-2",
      endpoint: try IVSEndpoint(region: "us-west-2", explicit: nil, environment: [:]),
      credentials: CredentialCache(StaticCredentials(), clock: clock), transport: transport,
      pacer: RequestPacer(clock: clock), clock: clock, retry: RetryPolicy(jitter: { 0 }))
  }

  /// The message of the decoding error `body` throws.
  static func refusal(_ body: () throws(AWSError) -> [JSON]) -> String? {
    do {
      _ = try body()
      return nil
    } catch {
      guard case .decoding(let located) = error else { return "not refused: \(error)" }
      return located.description
    }
  }

  @Test func aListingEndsOnThePageWithoutNextToken() throws {
    let transport = Endless { number in
      number < 3
        ? #"{"participants":[{"participantId":"p\#(number)"}],"nextToken":"t\#(number)"}"#
        : #"{"participants":[{"participantId":"p3"}]}"#
    }
    let all = try Self.client(transport).listParticipants(stageArn: "s", sessionId: "st-1")
    #expect(all.compactMap { $0["participantId"]?.stringValue } == ["p1", "p2", "p3"])
    #expect(transport.count == 3)
  }

  @Test(arguments: [#""nextToken":"""#, #""nextToken":null"#])
  func anEmptyOrNullNextTokenEndsTheListing(_ member: String) throws {
    let transport = Endless { _ in #"{"publicKeys":[{"arn":"a"}],\#(member)}"# }
    let keys = try Self.client(transport).listPublicKeys()
    #expect(keys.count == 1)
    #expect(transport.count == 1)
  }

  @Test func aRepeatedNextTokenEndsTheListingWithAnErrorNamingTheOperation() throws {
    let transport = Endless { number in
      #"{"participants":[],"nextToken":"\#(number % 2 == 0 ? "B" : "A")"}"#
    }
    let client = try Self.client(transport)
    let message = Self.refusal { () throws(AWSError) -> [JSON] in
      try client.listParticipants(stageArn: "s", sessionId: "st-1")
    }
    #expect(
      message
        == #"the ListParticipants answers: page 3: nextToken "A" came before: the listing would never end"#
    )
    #expect(transport.count == 3)
  }

  @Test func aListingLongerThanItsMaximumPagesEndsWithAnError() throws {
    let transport = Endless { number in #"{"publicKeys":[{"arn":"k"}],"nextToken":"t\#(number)"}"# }
    let client = try Self.client(transport)
    let message = Self.refusal { () throws(AWSError) -> [JSON] in try client.listPublicKeys() }
    let maximum = try #require(IVSOperation.listPublicKeys.listing?.maximumPages)
    #expect(message?.contains("more than \(maximum) pages (\(maximum) items)") == true)
    #expect(transport.count == maximum)
  }

  @Test func aPageWithMoreItemsThanAskedForIsRefused() throws {
    let items = Array(repeating: #"{"name":"JOINED"}"#, count: 101).joined(separator: ",")
    let transport = Endless { _ in #"{"events":[\#(items)]}"# }
    let client = try Self.client(transport)
    let message = Self.refusal { () throws(AWSError) -> [JSON] in
      try client.listParticipantEvents(stageArn: "s", sessionId: "st-1", participantId: "p")
    }
    #expect(
      message?.contains("101 items on one page, where maxResults asked for at most 100") == true)
  }

  @Test(arguments: ["../../etc", "a b", String(repeating: "x", count: 1_025), "tok\u{1B}[2J"])
  func aNextTokenOfAnotherShapeIsNeverSentBack(_ token: String) throws {
    let encoded = JSONWriter.compact(.string(token))
    let transport = Endless { _ in #"{"stageSessions":[],"nextToken":\#(encoded)}"# }
    let client = try Self.client(transport)
    let message = Self.refusal { () throws(AWSError) -> [JSON] in
      try client.listStageSessions(stageArn: "s")
    }
    #expect(message?.contains("is not a nextToken") == true)
    #expect(message.map { TerminalText.isClean($0) } == true)
    #expect(transport.count == 1)
  }

  @Test func aNextTokenThatIsNotAStringIsRefused() throws {
    let transport = Endless { _ in #"{"stageSessions":[],"nextToken":{"a":1}}"# }
    let client = try Self.client(transport)
    let message = Self.refusal { () throws(AWSError) -> [JSON] in
      try client.listStageSessions(stageArn: "s")
    }
    #expect(message?.hasSuffix(#"nextToken is {"a":1}, not a string"#) == true)
  }

  @Test func aListingStopsOnceItsAnswersPassTheByteLimit() throws {
    let transport = Endless { number in #"{"events":[{"n":\#(number)}],"nextToken":"t\#(number)"}"#
    }
    let client = try Self.client(transport)
    let message = Self.refusal { () throws(AWSError) -> [JSON] in
      try client.allPages(
        .listParticipantEvents, [("participantId", .string("p"))], byteLimit: 1 << 10)
    }
    #expect(message?.contains("the listing passed 1 KB; stopped reading it") == true)
    #expect(transport.count < 50)
  }

  @Test func everyPageAsksForTheLargestPageInAFixedOrder() throws {
    let transport = FakeTransport([
      FakeTransport.ok(#"{"participants":[],"nextToken":"x+/="}"#),
      FakeTransport.ok(#"{"participants":[]}"#),
    ])
    _ = try Self.client(transport).listParticipants(stageArn: "arn", sessionId: "st-1")
    #expect(
      transport.requests.map { String(decoding: $0.body, as: UTF8.self) } == [
        #"{"sessionId":"st-1","stageArn":"arn","maxResults":100}"#,
        #"{"sessionId":"st-1","stageArn":"arn","maxResults":100,"nextToken":"x+/="}"#,
      ])
  }
}

/// The operations table: names, IAM actions and paces that the pacer, the policy and the
/// messages all read.
struct OperationTableTests {
  @Test(arguments: IVSOperation.all)
  func everyOperationIsPacedAtItsShareOfItsQuota(_ operation: IVSOperation) {
    let pacer = RequestPacer(clock: FakeClock())
    #expect(pacer.rate(of: operation) == operation.quota * 0.8)
    #expect(operation.iamAction == "ivs:\(operation.name)")
  }

  @Test func maxRPSOnlyLowersAnOperationsPace() {
    let pacer = RequestPacer(pace: .quota(limit: 3), clock: FakeClock())
    #expect(pacer.rate(of: .getStage) == 3)
    #expect(abs(pacer.rate(of: .listPublicKeys) - 2.4) < 1e-9)
  }

  @Test func publicKeyOperationsStayUnderTheirQuotaOfThreeASecond() {
    let clock = FakeClock()
    let pacer = RequestPacer(clock: clock)
    for _ in 0..<4 { pacer.waitForSlot(.importPublicKey) }
    #expect(clock.sleeps.allSatisfy { $0 >= 1 / 3 }, "\(clock.sleeps)")
  }
}
