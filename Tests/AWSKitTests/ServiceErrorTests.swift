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

  @Test func fractionsOfASecondAreKept() {
    #expect(WireTime.seconds("2023-04-26T20:30:29.602000+00:00") == 1_682_541_029.602)
  }
}
