import JSONKit
import Testing

@testable import StageEngine

/// The renderer's fast paths must write exactly what the general JSON writer writes.
@Suite struct JSONBytesTests {
  @Test(arguments: [
    "", "host", "a\"b", "back\\slash", "tab\there", "nl\n", "\u{01}\u{1F}", "ünïcødé 🎬",
    String(repeating: "long-participant-id-", count: 8), "\u{7F}del", "c1\u{9B}", "bidi\u{202E}",
    "\u{FFFE}", "tag\u{E0041}",
  ])
  func quotedStringsMatchTheJSONWriter(text: String) {
    var fast: [UInt8] = []
    JSONBytes.appendQuoted(text, to: &fast)
    var reference: [UInt8] = []
    JSONWriter.writeString(text, into: &reference)
    #expect(fast == reference)
  }

  @Test(arguments: [Int64(0), 7, -7, 42, 1_000_000, Int64.max, Int64.min])
  func integersMatchSwiftsDecimalText(value: Int64) {
    var bytes: [UInt8] = []
    JSONBytes.appendInteger(value, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == String(value))
  }

  @Test func attributesRenderAfreshWhenTheMapChanges() {
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    for attributes in [["b": "1", "a": "2"], ["b": "1", "a": "2"], ["a": "3"], [:], ["a": "3"]] {
      var event = StageEvent(source: .client, kind: .participantMetadataUpdated)
      event.attributes = attributes
      renderer.render(event, into: &bytes)
    }
    let rendered = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
      $0.split(separator: #""attributes":"#)[1].dropLast()
    }
    #expect(
      rendered == [
        #"{"a":"2","b":"1"}"#, #"{"a":"2","b":"1"}"#, #"{"a":"3"}"#, "{}", #"{"a":"3"}"#,
      ])
  }

  @Test func eachSDKProfileKeepsItsOwnText() throws {
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    let profiles = ["ios@1.37.0", "web@1.32.0", "ios@1.37.0", "ios@1.37.1", "android@10.0.0"]
    for text in profiles {
      let event = StageEvent(source: .client, kind: .error, sdk: try SDKProfile(parsing: text))
      renderer.render(event, into: &bytes)
    }
    let rendered = try String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
      try JSONParser.parse(String($0))["sdk"]
    }
    #expect(rendered == profiles.map { .string($0) })
  }
}
