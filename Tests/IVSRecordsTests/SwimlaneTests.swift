import Foundation
import FoundationXML
import IVSRecords
import Testing

/// `explain --svg`: one swimlane per observer, well-formed XML whatever the records say.
@Suite struct SwimlaneTests {
  private final class Collector: NSObject, XMLParserDelegate {
    var elements: [String: Int] = [:]
    var texts: [String] = []
    private var current = ""
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      elements[name, default: 0] += 1
      current = ""
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }
    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      if name == "text" { texts.append(current) }
    }
  }

  private func parse(_ svg: String) -> Collector? {
    let parser = XMLParser(data: Data(svg.utf8))
    let collector = Collector()
    parser.delegate = collector
    return parser.parse() ? collector : nil
  }

  @Test func eachObserverHasALaneAndStaleSpansAreDrawn() throws {
    let explanation = try CustomerFolder.explain(sdks: CustomerSessionTests.stated)
    let parsed = try #require(parse(SwimlaneSVG.document(explanation)))
    #expect(parsed.texts.contains("hQ3mX8vK2pLw (maria, role=host, name=Maria) (web@1.32.0)"))
    #expect(parsed.texts.contains("iV2kP8wQ5zMa (li, role=viewer) (ios@1.37.0)"))
    #expect(parsed.texts.filter { $0.hasPrefix("⇄ ") }.count == 4)
    #expect(parsed.texts.contains("18:06:00"))
    // Four stale spans (two observers, two exchanges), each with its text as a tooltip.
    #expect(parsed.elements["title", default: 0] >= 4)
  }

  @Test func outsideTextStaysWellFormed() throws {
    let name = #"<script>&"x'\#u{07}"#
    let events = """
      {"events": [
        {"name": "JOINED", "participantId": "v", "eventTime": "2026-03-14T18:00:00Z"},
        {"name": "SUBSCRIBE_STARTED", "participantId": "v", "remoteParticipantId": "p", "eventTime": "2026-03-14T18:00:02Z"},
        {"name": "JOINED", "participantId": "p", "eventTime": "2026-03-14T18:00:01Z"},
        {"name": "PUBLISH_STARTED", "participantId": "p", "eventTime": "2026-03-14T18:00:01Z"},
        {"name": "TOKEN_EXCHANGED", "participantId": "p", "eventTime": "2026-03-14T18:01:00Z",
         "previousToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {}},
         "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"name": "\\u003cscript\\u003e\\u0026\\"x'\\u0007"}}}]}
      """
    var records = RecordSet()
    try records.read(bytes: Array(events.utf8), file: "e.json")
    var options = ImportOptions()
    options.sdks = [
      ("v", try .init(parsing: "web@1.32.0")), ("p", try .init(parsing: "web@1.33.0")),
    ]
    let session = try RecordImporter.makeSession(from: records, options: options)
    let svg = SwimlaneSVG.document(try Explanation.make(session, file: "e", toleranceSeconds: 5))
    #expect(!svg.contains(name))
    #expect(parse(svg) != nil)
    #expect(svg.contains("&lt;script&gt;&amp;&quot;x'\u{FFFD}"))
  }
}
