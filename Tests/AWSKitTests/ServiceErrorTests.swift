import InputKit
import JSONKit
import Testing

@testable import AWSKit

struct ServiceErrorTests {
  @Test func theCodeComesFromTheHeaderCutAtTheColon() {
    let error = ServiceErrorReader.error(
      from: HTTPResponse(
        status: 403,
        headers: [
          "x-amzn-ErrorType": "AccessDeniedException:http://internal.amazon.com/",
          "x-amzn-RequestId": "r-1",
        ],
        body: Array(#"{"exceptionMessage":"not allowed"}"#.utf8)))
    #expect(
      error == .service(code: .accessDenied, message: "not allowed", status: 403, requestID: "r-1"))
  }

  @Test func withoutTheHeaderTheBodyNamesTheCode() {
    let typed = ServiceErrorReader.error(
      from: HTTPResponse(
        status: 404,
        body: Array(#"{"__type":"com.amazon.ivs#ResourceNotFoundException","message":"gone"}"#.utf8)
      ))
    #expect(typed.code == .resourceNotFound)
    let coded = ServiceErrorReader.error(
      from: HTTPResponse(
        status: 400, body: Array(#"{"code":"ValidationException","Message":"bad"}"#.utf8)))
    #expect(coded == .service(code: .validation, message: "bad", status: 400, requestID: nil))
  }

  /// An answer's code and request ID are outside text like its message: a 200 KB `__type`
  /// holding a line feed and a forged "fetched" line, and a 200 KB request ID, come out of
  /// the error as one short line.
  @Test func anErrorCodeAndRequestIDAreCutAndShownWithoutTheirControls() {
    let forged = "Boom\nstagemon: fetched session st-FAKE into /etc (complete)"
    let huge = String(repeating: "x", count: 200_000)
    let body = JSONWriter.compact(
      .object([("__type", .string(forged + huge)), ("message", .string("m\n" + huge))]))
    let error = ServiceErrorReader.error(
      from: HTTPResponse(
        status: 400, headers: ["x-amzn-RequestId": "id\u{1B}]0;title\u{7}" + huge],
        body: Array(body.utf8)))
    let text = error.description
    #expect(!text.contains("\n"))
    #expect(TerminalText.isClean(text))
    #expect(text.utf8.count < 1_500)
    #expect(text.hasPrefix(#"Boom\x0astagemon: fetched"#))
  }

  @Test func unknownCodesAreKeptVerbatim() {
    #expect(AWSErrorCode(rawValue: "BrandNewException") == .other("BrandNewException"))
    #expect(AWSErrorCode(rawValue: "ThrottlingException").rawValue == "ThrottlingException")
  }

  @Test(arguments: [
    "2023-04-26T20:36:28+00:00", "2023-04-26T20:36:28Z", "2023-04-26T22:36:28+02:00",
  ])
  func wireTimesWithAndWithoutZonesReadTheSame(_ text: String) {
    #expect(WireTime.seconds(text) == 1_682_541_388)
  }

  /// An answer's time on no calendar day is refused, not carried into the next month.
  @Test(arguments: ["2026-02-31T00:00:00Z", "2025-02-29T12:00:00+00:00", "2026-04-31T00:00:00Z"])
  func wireTimesOffTheCalendarAreRefused(_ text: String) {
    #expect(WireTime.seconds(text) == nil)
  }

  @Test func anHTTPDateReadsAsItsSecond() {
    #expect(HTTPDate.seconds("Fri, 15 Jan 2027 08:16:40 GMT") == 1_800_001_000)
  }

  @Test(arguments: [
    "Tue, 31 Feb 2026 00:00:00 GMT", "Fri, 15 Jan 2027 24:00:00 GMT",
    "Fri, 15 Jan 2027 08:16:40 UTC",
    "Fri, 15 Jan 27 08:16:40 GMT", "Fri, +5 Jan 2027 08:16:40 GMT", "Fri, 15 Jan 2027 8:16:40 GMT",
  ])
  func otherHTTPDatesAreNone(_ text: String) {
    #expect(HTTPDate.seconds(text) == nil)
  }

  @Test func fractionsOfASecondAreKept() {
    #expect(WireTime.seconds("2023-04-26T20:30:29.602000+00:00") == 1_682_541_029.602)
  }
}
