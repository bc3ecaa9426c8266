import Foundation
import InputKit
import JSONKit
import Testing
import TokenCore

@testable import StageEngine

@Suite struct EventRendererTests {
  static func joinedEvent() throws -> StageEvent {
    var event = StageEvent(
      source: .client, kind: .participantJoined, observer: "guest",
      sdk: try SDKProfile(parsing: "android@1.36.0"), name: "onParticipantJoined",
      participant: "host", seq: 42, time: 1_767_268_800)
    event.userId = "al\"ice"
    event.attributes = ["z": "1", "a": "2"]
    event.capabilities = Capabilities(publish: true, subscribe: true)
    return event
  }

  func jsonl(_ event: StageEvent) -> String {
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    renderer.render(event, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func jsonlWritesSpecFieldsInStableOrder() throws {
    #expect(
      jsonl(try Self.joinedEvent())
        == #"{"seq":42,"time":"2026-01-01T12:00:00Z","source":"client","observer":"guest","sdk":"android@1.36.0","kind":"participantJoined","name":"onParticipantJoined","participant":"host","userId":"al\"ice","attributes":{"a":"2","z":"1"},"capabilities":["publish","subscribe"]}"#
        + "\n")
  }

  @Test func jsonlLinesParseBackAsJSON() throws {
    var event = StageEvent(source: .runner, kind: .exchangeRejected, participant: "p", seq: 7)
    event.code = 11
    event.errorCode = "TOKEN_EXCHANGE_REQUEST_INVALID"
    event.message = "line\nbreak"
    event.fields = ["topic", "jti"]
    let line = jsonl(event)
    #expect(line.hasSuffix("\n"))
    let json = try JSONParser.parse(String(line.dropLast()))
    #expect(json["code"] == .integer(11))
    #expect(json["fields"] == .array([.string("topic"), .string("jti")]))
    #expect(json["message"] == .string("line\nbreak"))
    #expect(
      json.objectValue?.map(\.key) == [
        "seq", "time", "source", "kind", "participant", "code", "errorCode", "message", "fields",
      ])
  }

  @Test(arguments: [
    (Capabilities(), "[]"), (Capabilities(publish: true), #"["publish"]"#),
    (Capabilities(subscribe: true), #"["subscribe"]"#),
  ])
  func capabilitiesAreSortedArrays(capabilities: Capabilities, expected: String) {
    var event = StageEvent(source: .server, kind: .tokenExchanged)
    event.capabilities = capabilities
    #expect(jsonl(event).contains(#""capabilities":\#(expected)"#))
  }

  @Test func timestampsFollowTheVirtualClockAcrossEvents() {
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    for time: Int64 in [0, 0, 86_399, 86_400] {
      renderer.render(StageEvent(source: .runner, kind: .step, time: time), into: &bytes)
    }
    let times = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
      $0.split(separator: "\"")[5]
    }
    #expect(
      times == [
        "1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "1970-01-01T23:59:59Z",
        "1970-01-02T00:00:00Z",
      ])
  }

  @Test func textLinesAlignTheColumns() throws {
    var bytes: [UInt8] = []
    let renderer = TextEventRenderer()
    renderer.render(try Self.joinedEvent(), into: &bytes)
    var server = StageEvent(source: .server, kind: .joined, participant: "host")
    server.time = 1_767_268_800
    renderer.render(server, into: &bytes)
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(
      lines[0].hasPrefix("2026-01-01T12:00:00Z  client      guest         onParticipantJoined"))
    #expect(lines[0].contains(#"userId="al\"ice" attributes={"a":"2","z":"1"}"#))
    #expect(lines[1].hasPrefix("2026-01-01T12:00:00Z  server      -             JOINED"))
    let participantColumn = lines[0].range(of: "host")?.lowerBound.utf16Offset(in: lines[0])
    #expect(participantColumn == lines[1].range(of: "host")?.lowerBound.utf16Offset(in: lines[1]))
  }

  @Test(arguments: ["日本語", "😀😀", "e\u{301}e\u{301}", "ab"])
  func textColumnsAlignByDisplayWidth(observer: String) throws {
    var bytes: [UInt8] = []
    let renderer = TextEventRenderer()
    for name in [observer, "guest"] {
      var event = StageEvent(source: .client, kind: .participantJoined, participant: "host")
      event.observer = name
      event.time = 1_767_268_800
      renderer.render(event, into: &bytes)
    }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    let columns = try lines.map { line in
      let before = try #require(line.range(of: "participantJoined")?.lowerBound)
      return DisplayWidth.of(line[..<before])
    }
    #expect(columns.count == 2)
    #expect(columns[0] == columns[1])
  }

  @Test func writerFlushesEveryEventToTheDescriptor() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let writer = EventStreamWriter(format: .jsonl, fileDescriptor: fds[1])
    for seq in 1...3 { writer.write(StageEvent(source: .runner, kind: .step, seq: seq)) }
    try writer.flush()
    close(fds[1])
    let data = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[2].hasPrefix(#"{"seq":3,"#))
  }

  @Test func writeErrorsSurfaceFromFlush() {
    let writer = EventStreamWriter(format: .text, fileDescriptor: -1)
    writer.write(StageEvent(source: .runner, kind: .step))
    #expect(throws: EventStreamWriteError.self) { try writer.flush() }
  }
}
