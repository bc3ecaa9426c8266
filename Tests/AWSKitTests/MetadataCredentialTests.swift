import Foundation
import Synchronization
import Testing

@testable import AWSKit

/// IAM Identity Center, the container endpoint and EC2 instance metadata, against a transport
/// that answers as those services do.
struct MetadataCredentialTests {
  /// A container or instance metadata answer with key `key`.
  static func credentialsJSON(_ key: String, expiration: String = "2099-01-01T00:00:00Z")
    -> HTTPResponse
  {
    RoutedTransport.json(
      #"{"Code":"Success","AccessKeyId":"\#(key)","SecretAccessKey":"s","Token":"t","Expiration":"\#(expiration)"}"#
    )
  }

  static let ssoConfig = """
    [profile sso]
    sso_session = corp
    sso_account_id = 123456789012
    sso_role_name = Support
    [sso-session corp]
    sso_start_url = https://corp.awsapps.com/start
    sso_region = eu-west-1
    [profile legacy]
    sso_start_url = https://corp.awsapps.com/start
    sso_region = eu-west-1
    sso_account_id = 123456789012
    sso_role_name = Support
    """

  /// The portal answering GetRoleCredentials for `token`.
  static func portal(accepting token: String) -> RoutedTransport {
    RoutedTransport([
      (
        "/federation/credentials",
        { request in
          guard request.header("x-amz-sso_bearer_token") == token else {
            return RoutedTransport.json(
              #"{"message":"Session token not found or invalid"}"#, status: 401,
              headers: ["x-amzn-ErrorType": "UnauthorizedException"])
          }
          return RoutedTransport.json(
            #"{"roleCredentials":{"accessKeyId":"ASIASSO","secretAccessKey":"s","sessionToken":"t","expiration":4102444800000}}"#
          )
        }
      )
    ])
  }

  @Test func theTokenCacheIsNamedByTheSHA1OfTheSessionNameOrTheStartURL() throws {
    let fixture = try CredentialFixture()
    let cache = SSOTokenCache(context: fixture.context())
    #expect(
      cache.path(for: "corp")
        == fixture.folder + "/.aws/sso/cache/ee0bfd2552fbd840c02cc48b6e823320543c450f.json")
    #expect(
      cache.path(for: "https://corp.awsapps.com/start").hasSuffix(
        "/a51746d4aa793ae07b25e90c3a5db96fc7832bd7.json"))
  }

  @Test func anSSOSessionProfileExchangesTheCachedTokenForTheRolesCredentials() throws {
    let fixture = try CredentialFixture(config: Self.ssoConfig)
    try fixture.write(
      #"{"accessToken":"tok-1","expiresAt":"2099-01-01T00:00:00Z"}"#,
      to: ".aws/sso/cache/ee0bfd2552fbd840c02cc48b6e823320543c450f.json")
    let transport = Self.portal(accepting: "tok-1")
    let found = try fixture.chain(transport, profile: "sso").resolve().credentials
    #expect(found.accessKeyID == "ASIASSO")
    #expect(found.method == .sso)
    #expect(found.expiration == 4_102_444_800)
    let request = try #require(transport.requests.first)
    #expect(request.origin == "https://portal.sso.eu-west-1.amazonaws.com")
    #expect(request.method == "GET")
    #expect(request.query.contains(.init(name: "role_name", value: "Support")))
    #expect(request.query.contains(.init(name: "account_id", value: "123456789012")))
    #expect(request.header("Authorization") == nil)
  }

  @Test(arguments: [
    (#"{"accessToken":"tok-1","expiresAt":"2020-01-01T00:00:00UTC"}"#, "legacy"),
    (nil, "legacy"), (nil, "sso"),
    (#"{"accessToken":"tok-1","expiresAt":"2020-01-01T00:00:00Z"}"#, "sso"),
  ] as [(String?, String)])
  func aMissingOrExpiredTokenSaysToRunAWSSSOLogin(_ cached: String?, _ profile: String) throws {
    let fixture = try CredentialFixture(config: Self.ssoConfig)
    if let cached {
      let name = profile == "sso" ? "corp" : "https://corp.awsapps.com/start"
      try fixture.write(
        cached,
        to: ".aws/sso/cache/" + Digest.hex(Digest.sha1(Array(name.utf8))) + ".json")
    }
    let transport = Self.portal(accepting: "tok-1")
    let error = try #require(credentialError { _ = try fixture.chain(transport, profile: profile).resolve() })
    #expect(error.description.contains("run `aws sso login --profile \(profile)`"), "\(error)")
    #expect(transport.requests.isEmpty)
  }

  @Test func aTokenThePortalRefusesSaysToRunAWSSSOLogin() throws {
    let fixture = try CredentialFixture(config: Self.ssoConfig)
    try fixture.write(
      #"{"accessToken":"revoked","expiresAt":"2099-01-01T00:00:00Z"}"#,
      to: ".aws/sso/cache/ee0bfd2552fbd840c02cc48b6e823320543c450f.json")
    let error = try #require(
      credentialError { _ = try fixture.chain(Self.portal(accepting: "tok-1"), profile: "sso").resolve() })
    guard case .ssoLoginNeeded(let profile, _) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(profile == "sso")
  }

  @Test func aSessionTokenNearItsExpiryIsRenewedAndWrittenBack() throws {
    let fixture = try CredentialFixture(config: Self.ssoConfig)
    let clock = FakeClock()
    let soon = WireTime.text(secondsSince1970: Int64(clock.now()) + 300)
    let path = try fixture.write(
      #"{"startUrl":"https://corp.awsapps.com/start","region":"eu-west-1","accessToken":"old","#
        + #""expiresAt":"\#(soon)","clientId":"cid","clientSecret":"csecret","#
        + #""registrationExpiresAt":"2099-01-01T00:00:00Z","refreshToken":"r1"}"#,
      to: ".aws/sso/cache/ee0bfd2552fbd840c02cc48b6e823320543c450f.json", mode: 0o600)
    let transport = Self.portal(accepting: "new")
    transport.route("/token") { request in
      let body = String(decoding: request.body, as: UTF8.self)
      guard body.contains(#""refreshToken":"r1""#), body.contains(#""grantType":"refresh_token""#)
      else { return RoutedTransport.json("{}", status: 400) }
      return RoutedTransport.json(#"{"accessToken":"new","expiresIn":28800,"refreshToken":"r2"}"#)
    }
    let found = try fixture.chain(transport, profile: "sso", clock: clock).resolve().credentials
    #expect(found.accessKeyID == "ASIASSO")
    #expect(transport.requests.first?.origin == "https://oidc.eu-west-1.amazonaws.com")
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    #expect(saved.contains(#""accessToken":"new""#))
    #expect(saved.contains(#""refreshToken":"r2""#))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test(arguments: [
    ("sso_session = nope\nsso_account_id = 1\nsso_role_name = R\n", "sso_session"),
    ("sso_account_id = 1\n", "sso_role_name, sso_start_url, sso_region"),
    ("sso_session = corp\nsso_account_id = 1\nsso_role_name = R\nsso_region = us-east-1\n", "sso_region"),
  ])
  func anIncompleteSSOProfileIsRefusedNamingTheKeys(_ settings: String, _ keys: String) throws {
    let fixture = try CredentialFixture(
      config: "[profile p]\n\(settings)[sso-session corp]\nsso_start_url = https://x\nsso_region = eu-west-1\n")
    let error = try #require(credentialError { _ = try fixture.chain(profile: "p").resolve() })
    guard case .invalidProfile(_, let key, _) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(key == keys)
  }

  @Test func aRelativeContainerURIGoesToTheECSAddressWithTheTokenFile() throws {
    var fixture = try CredentialFixture()
    fixture.environment["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"] = "/v2/credentials/abc"
    fixture.environment["AWS_CONTAINER_AUTHORIZATION_TOKEN"] = "from-variable"
    fixture.environment["AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE"] = try fixture.write(
      "from-file", to: "token")
    let transport = RoutedTransport([("/v2/credentials/abc", { _ in Self.credentialsJSON("ASIAECS") })])
    let found = try fixture.chain(transport).resolve().credentials
    #expect(found.method == .container)
    let request = try #require(transport.requests.first)
    #expect(request.origin == "http://169.254.170.2")
    #expect(request.header("Authorization") == "from-file")
    #expect(request.header("Accept") == "application/json")
  }

  @Test(arguments: [
    ("http://127.0.0.1:9/creds", true), ("http://127.2.3.4/c", true), ("http://[::1]:9/c", true),
    ("http://localhost/c", true), ("http://169.254.170.23/v1/credentials", true),
    ("http://[fd00:ec2::23]/v1", true), ("https://anywhere.example/c", true),
    ("http://10.0.0.5/c", false), ("http://169.254.169.254/c", false),
    ("http://localhost.evil.example/c", false),
  ])
  func aFullContainerURIMustBeHTTPSOrOneBotocoreAllows(_ url: String, _ allowed: Bool) throws {
    #expect(ContainerCredentials.isAllowed(try #require(EndpointURL(url))) == allowed)
  }

  @Test func aRefusedContainerURIIsNeverAsked() throws {
    var fixture = try CredentialFixture()
    fixture.environment["AWS_CONTAINER_CREDENTIALS_FULL_URI"] = "http://10.0.0.5/creds"
    let transport = RoutedTransport()
    #expect(throws: CredentialError.self) { try fixture.chain(transport).resolve() }
    #expect(transport.requests.isEmpty)
  }

  @Test func aContainerTokenWithALineBreakIsRefused() throws {
    var fixture = try CredentialFixture()
    fixture.environment["AWS_CONTAINER_CREDENTIALS_FULL_URI"] = "http://127.0.0.1/creds"
    fixture.environment["AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE"] = try fixture.write(
      "token\n", to: "token")
    let transport = RoutedTransport([("/creds", { _ in Self.credentialsJSON("ASIAECS") })])
    #expect(throws: CredentialError.self) { try fixture.chain(transport).resolve() }
    #expect(transport.requests.isEmpty)
  }

  @Test func theContainerEndpointIsAskedThreeTimesASecondApart() throws {
    var fixture = try CredentialFixture()
    fixture.environment["AWS_CONTAINER_CREDENTIALS_FULL_URI"] = "http://127.0.0.1/creds"
    let clock = FakeClock()
    let transport = RoutedTransport([("/creds", { _ in RoutedTransport.json("busy", status: 500) })])
    #expect(throws: CredentialError.self) { try fixture.chain(transport, clock: clock).resolve() }
    #expect(transport.requests.count == 3)
    #expect(clock.sleeps == [1, 1])
  }

  /// The instance metadata service with role `ec2`, answering the token request `tokenStatus`.
  static func imds(tokenStatus: Int = 200) -> RoutedTransport {
    RoutedTransport([
      ("/latest/api/token", { _ in RoutedTransport.json("tok-v2", status: tokenStatus) }),
      ("/latest/meta-data/iam/security-credentials/ec2", { _ in Self.credentialsJSON("ASIAEC2") }),
      ("/latest/meta-data/iam/security-credentials/", { _ in RoutedTransport.json("ec2") }),
    ])
  }

  @Test func instanceMetadataTakesAnIMDSv2TokenFirstAndSendsItWithEveryRead() throws {
    var fixture = try CredentialFixture()
    fixture.environment["AWS_EC2_METADATA_SERVICE_ENDPOINT"] = "http://127.0.0.1:1338/"
    let transport = Self.imds()
    let found = try fixture.chain(transport).resolve().credentials
    #expect(found.accessKeyID == "ASIAEC2")
    #expect(found.method == .instanceMetadata)
    let requests = transport.requests
    #expect(requests.map(\.method) == ["PUT", "GET", "GET"])
    #expect(requests[0].header("x-aws-ec2-metadata-token-ttl-seconds") == "21600")
    #expect(requests[1].header("x-aws-ec2-metadata-token") == "tok-v2")
    #expect(requests[2].path == "/latest/meta-data/iam/security-credentials/ec2")
    #expect(requests[2].origin == "http://127.0.0.1:1338")
  }

  @Test(arguments: [403, 404, 405])
  func withoutATokenInstanceMetadataIsReadWithIMDSv1(_ status: Int) throws {
    let fixture = try CredentialFixture(
      config: "[default]\nec2_metadata_service_endpoint = http://127.0.0.1:1338\n")
    let transport = Self.imds(tokenStatus: status)
    #expect(try fixture.chain(transport).resolve().credentials.accessKeyID == "ASIAEC2")
    #expect(transport.requests.dropFirst().allSatisfy { $0.header("x-aws-ec2-metadata-token") == nil })
  }

  @Test func withIMDSv1DisabledAMissingTokenIsAnError() throws {
    var fixture = try CredentialFixture()
    fixture.environment["AWS_EC2_METADATA_V1_DISABLED"] = "true"
    #expect(throws: CredentialError.self) { try fixture.chain(Self.imds(tokenStatus: 404)).resolve() }
  }

  @Test func disabledOrAbsentInstanceMetadataMeansNoCredentialsHere() throws {
    var fixture = try CredentialFixture()
    fixture.environment["AWS_EC2_METADATA_DISABLED"] = "TRUE"
    let transport = Self.imds()
    #expect(throws: CredentialError.self) { try fixture.chain(transport).resolve() }
    #expect(transport.requests.isEmpty)
    fixture.environment["AWS_EC2_METADATA_DISABLED"] = nil
    let nobody = RoutedTransport()
    let provider = InstanceMetadataCredentials(context: fixture.context(nobody), profile: "default")
    #expect(try provider.credentials() == nil)
    #expect(nobody.requests.first?.origin == "http://169.254.169.254")
  }

  @Test func theIPv6ModeUsesTheIPv6Address() throws {
    var fixture = try CredentialFixture()
    fixture.environment["AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE"] = "IPv6"
    let nobody = RoutedTransport()
    _ = try InstanceMetadataCredentials(context: fixture.context(nobody), profile: "default")
      .credentials()
    #expect(nobody.requests.first?.origin == "http://[fd00:ec2::254]")
  }
}
