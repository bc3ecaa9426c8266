import Testing

@testable import AWSKit

/// The limits the client holds whatever the endpoint: the warning for plain http:// to another
/// machine, and times in words in the errors that say how long stagemon waited.
struct TransportLimitTests {
  @Test(arguments: [
    ("http://10.0.0.7:8080", true), ("http://ivs.example.com", true), ("http://0.0.0.0:1", true),
    ("http://127.0.0.1:9000", false), ("http://127.8.9.10", false), ("http://localhost:1", false),
    ("http://[::1]:8123", false), ("https://10.0.0.7", false), ("http://127.0.0.1.evil.com", true),
  ])
  func plainHTTPToAnotherMachineIsFlagged(_ url: String, _ flagged: Bool) throws {
    let endpoint = try IVSEndpoint(region: "us-west-2", explicit: url, environment: [:])
    #expect(endpoint.isPlainTextOverNetwork == flagged)
    #expect((endpoint.plainTextWarning != nil) == flagged)
  }

  @Test func theDefaultEndpointIsNeverFlagged() throws {
    let endpoint = try IVSEndpoint(region: "eu-west-1", explicit: nil, environment: [:])
    #expect(endpoint.plainTextWarning == nil)
  }

  @Test(arguments: [
    (1.0, "1 second"), (30.0, "30 seconds"), (2.5, "2.5 seconds"), (119.0, "119 seconds"),
    (900.0, "15 minutes"), (7_200.0, "2 hours"), (5_400.0, "90 minutes"),
  ])
  func timesAreSaidInWords(_ seconds: Double, _ words: String) {
    #expect(TimeWords.of(seconds: seconds) == words)
  }
}
