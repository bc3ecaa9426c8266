import Synchronization
import Testing

@testable import AWSKit

/// STS's query protocol: the form sent, the signature's scope, where requests go, and the XML
/// read back — hostile XML refused.
struct STSClientTests {
  static let keys = Credentials(accessKeyID: "AKID", secretAccessKey: "s", source: "test")

  static func identityAnswer() -> HTTPResponse {
    HTTPResponse(
      status: 200,
      body: Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- moto -->
        <GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
          <GetCallerIdentityResult>
            <Arn>arn:aws:iam::123456789012:user/a&amp;b</Arn>
            <UserId>AIDA&#x41;&#66;</UserId>
            <Account><![CDATA[123456789012]]></Account>
          </GetCallerIdentityResult>
        </GetCallerIdentityResponse>
        """.utf8))
  }

  @Test func callerIdentityIsASignedFormPostReadFromXML() throws {
    let transport = RoutedTransport([("/", { _ in Self.identityAnswer() })])
    let sts = try STSClient(
      region: "eu-west-1", environment: [:], transport: transport, clock: FakeClock())
    let identity = try sts.callerIdentity(with: Self.keys)
    #expect(identity == CallerIdentity(
      arn: "arn:aws:iam::123456789012:user/a&b", account: "123456789012", userID: "AIDAAB"))
    let request = try #require(transport.requests.first)
    #expect(request.method == "POST")
    #expect(request.origin == "https://sts.eu-west-1.amazonaws.com")
    #expect(String(decoding: request.body, as: UTF8.self) == "Action=GetCallerIdentity&Version=2011-06-15")
    #expect(request.header("Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    #expect(request.header("Authorization")?.contains("/eu-west-1/sts/aws4_request") == true)
  }

  @Test func parametersAreFormEncoded() throws {
    let transport = RoutedTransport([("/", { _ in RoutedTransport.stsCredentials("AssumeRole", key: "ASIA1") })])
    let sts = try STSClient(region: "us-west-2", environment: [:], transport: transport, clock: FakeClock())
    _ = try sts.assumeRole([("RoleSessionName", "a b+c/d=é")], signedWith: Self.keys, source: "x")
    let body = String(decoding: try #require(transport.requests.first).body, as: UTF8.self)
    #expect(body.hasSuffix("&RoleSessionName=a%20b%2Bc%2Fd%3D%C3%A9"))
  }

  @Test func theEndpointIsTheVariableElseTheRegionsElseTheGlobalOne() throws {
    let transport = RoutedTransport()
    func origin(_ region: String?, _ environment: [String: String]) throws -> String {
      try STSClient(region: region, environment: environment, transport: transport, clock: FakeClock())
        .endpoint.origin
    }
    #expect(try origin(nil, [:]) == "https://sts.amazonaws.com")
    #expect(try STSClient(region: nil, environment: [:], transport: transport, clock: FakeClock()).signingRegion == "us-east-1")
    #expect(try origin("ap-south-1", ["AWS_ENDPOINT_URL": "http://127.0.0.1:5"]) == "http://127.0.0.1:5")
    #expect(
      try origin("ap-south-1", ["AWS_ENDPOINT_URL": "http://a", "AWS_ENDPOINT_URL_STS": "http://b"])
        == "http://b")
    #expect(
      try origin("ap-south-1", ["AWS_ENDPOINT_URL_STS": "http://b", "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS": "true"])
        == "https://sts.ap-south-1.amazonaws.com")
    #expect(throws: CredentialError.self) { try origin("r", ["AWS_ENDPOINT_URL_STS": "file:///x"]) }
  }

  @Test func throttlingIsRetriedAndErrorsAreReadFromEitherErrorShape() throws {
    let clock = FakeClock()
    let answers = [
      "<ErrorResponse><Error><Code>Throttling</Code><Message>slow</Message></Error></ErrorResponse>",
      "<ErrorResponse><Errors><Error><Code>InvalidClientTokenId</Code><Message>no such key</Message></Error></Errors></ErrorResponse>",
    ]
    let index = Mutex(0)
    let transport = RoutedTransport([
      (
        "/",
        { _ in
          let n = index.withLock { value in
            defer { value += 1 }
            return value
          }
          return HTTPResponse(status: n == 0 ? 400 : 403, body: Array(answers[min(n, 1)].utf8))
        }
      )
    ])
    let sts = try STSClient(region: "us-west-2", environment: [:], transport: transport, clock: clock)
    #expect(throws: AWSError.service(
      code: .other("InvalidClientTokenId"), message: "no such key", status: 403, requestID: nil)
    ) {
      try sts.callerIdentity(with: Self.keys)
    }
    #expect(transport.requests.count == 2)
    #expect(clock.sleeps.count == 1)
  }

  @Test func anAnswerLargerThanTheCapIsRefused() throws {
    let huge = HTTPResponse(status: 200, body: Array(repeating: UInt8(ascii: " "), count: STSClient.maximumAnswer + 1))
    let sts = try STSClient(
      region: "us-west-2", environment: [:], transport: RoutedTransport([("/", { _ in huge })]),
      clock: FakeClock(), retry: RetryPolicy(maximumAttempts: 1))
    #expect(throws: AWSError.self) { try sts.callerIdentity(with: Self.keys) }
  }

  @Test(arguments: [
    "", "<a>", "<a></b>", "<a><b></a></b>", "<!DOCTYPE a [<!ENTITY x 'y'>]><a>&x;</a>",
    "<a>&unknown;</a>", "<a>&#0;</a>", "<a x='1></a>", "<a></a><b></b>", "<a>&#x110000;</a>",
    String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40),
  ])
  func malformedOrHostileXMLIsRefused(_ text: String) {
    #expect(throws: QueryXMLError.self) { try QueryXML.parse(Array(text.utf8)) }
  }

  @Test func elementsTextAndPrefixesAreRead() throws {
    let root = try QueryXML.parse(
      Array(#"<?xml version="1.0"?><s:R a="1>2"><s:C>x &lt;y&gt; &quot;z&apos;</s:C><E/></s:R>"#.utf8))
    #expect(root.name == "R")
    #expect(root.text(at: "C") == #"x <y> "z'"#)
    #expect(root.child("E")?.text == "")
  }
}
