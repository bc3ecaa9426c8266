import Foundation
import Synchronization
import Testing

@testable import AWSKit

/// `role_arn` profiles and web identity, against a transport that answers as STS does: what
/// is sent, signed with what, and every configuration botocore refuses refused with its key.
struct RoleCredentialTests {
  static let role = "arn:aws:iam::123456789012:role/qa"

  /// STS answering every AssumeRole(WithWebIdentity) with credentials `ASIA<n>`.
  static func sts() -> RoutedTransport {
    let count = Mutex(0)
    return RoutedTransport([
      (
        "/",
        { request in
          let action = RoutedTransport.form(request)["Action"] ?? ""
          let n = count.withLock { value in
            value += 1
            return value
          }
          return RoutedTransport.stsCredentials(action, key: "ASIA\(n)")
        }
      )
    ])
  }

  @Test func aProfileWithBothARoleAndKeysAssumesTheRoleSignedWithTheKeys() throws {
    let fixture = try CredentialFixture(
      config: "[profile qa]\nrole_arn = \(Self.role)\nsource_profile = qa\n",
      credentials: "[qa]\naws_access_key_id = AKSTATIC\naws_secret_access_key = s\n")
    let transport = Self.sts()
    let found = try fixture.chain(transport, profile: "qa").resolve().credentials
    #expect(found.accessKeyID == "ASIA1")
    #expect(found.method == .assumeRole)
    let request = try #require(transport.requests.first)
    #expect(request.origin == "https://sts.us-west-2.amazonaws.com")
    #expect(request.header("Authorization")?.contains("Credential=AKSTATIC/") == true)
    #expect(request.header("Authorization")?.contains("/us-west-2/sts/aws4_request") == true)
    #expect(RoutedTransport.form(request)["RoleArn"] == Self.role)
  }

  @Test func everyRoleSettingIsSentAndTheMFACodeIsAskedForOnce() throws {
    let fixture = try CredentialFixture(
      config: """
        [profile base]
        aws_access_key_id = AKBASE
        aws_secret_access_key = b
        [profile qa]
        role_arn = \(Self.role)
        source_profile = base
        external_id = ext-1
        role_session_name = support
        duration_seconds = 1800
        mfa_serial = arn:aws:iam::123456789012:mfa/alice
        """)
    let prompts = Mutex<[String]>([])
    let transport = Self.sts()
    let provider = AssumeRoleCredentials(
      profile: "qa",
      context: fixture.context(transport) { prompt in
        prompts.withLock { $0.append(prompt) }
        return "123456"
      })
    _ = try provider.credentials()
    let form = RoutedTransport.form(try #require(transport.requests.first))
    #expect(form["Action"] == "AssumeRole")
    #expect(form["Version"] == "2011-06-15")
    #expect(form["ExternalId"] == "ext-1")
    #expect(form["RoleSessionName"] == "support")
    #expect(form["DurationSeconds"] == "1800")
    #expect(form["SerialNumber"] == "arn:aws:iam::123456789012:mfa/alice")
    #expect(form["TokenCode"] == "123456")
    #expect(prompts.withLock { $0 } == ["Enter MFA code for arn:aws:iam::123456789012:mfa/alice: "])
    #expect(throws: CredentialError.mfaRefreshNeeded(
      profile: "qa", serial: "arn:aws:iam::123456789012:mfa/alice")
    ) {
      try provider.credentials()
    }
  }

  @Test func withoutATerminalAnMFARoleSaysSo() throws {
    let fixture = try CredentialFixture(
      config: "[profile qa]\nrole_arn = \(Self.role)\ncredential_source = Environment\n"
        + "mfa_serial = arn:aws:iam::1:mfa/a\n",
      environment: ["AWS_ACCESS_KEY_ID": "AK", "AWS_SECRET_ACCESS_KEY": "s"])
    #expect(throws: CredentialError.mfaCodeUnavailable(profile: "qa", serial: "arn:aws:iam::1:mfa/a")) {
      try AssumeRoleCredentials(profile: "qa", context: fixture.context(Self.sts())).credentials()
    }
  }

  @Test func aRoleWhoseSourceIsARoleAssumesBothInTurn() throws {
    let fixture = try CredentialFixture(
      config: """
        [profile base]
        aws_access_key_id = AKBASE
        aws_secret_access_key = b
        [profile middle]
        role_arn = arn:aws:iam::123456789012:role/middle
        source_profile = base
        [profile top]
        role_arn = arn:aws:iam::123456789012:role/top
        source_profile = middle
        """)
    let transport = Self.sts()
    let found = try fixture.chain(transport, profile: "top").resolve().credentials
    #expect(found.accessKeyID == "ASIA2")
    let requests = transport.requests
    #expect(requests.map { RoutedTransport.form($0)["RoleArn"] } == [
      "arn:aws:iam::123456789012:role/middle", "arn:aws:iam::123456789012:role/top",
    ])
    #expect(requests[0].header("Authorization")?.contains("Credential=AKBASE/") == true)
    #expect(requests[1].header("Authorization")?.contains("Credential=ASIA1/") == true)
    #expect(requests[1].header("X-Amz-Security-Token") == "token-of-ASIA1")
  }

  @Test(arguments: [
    ("Environment", "AKENV"), ("environment", "AKENV"), ("EcsContainer", "ASIACONTAINER"),
    ("Ec2InstanceMetadata", "ASIAEC2"),
  ])
  func aCredentialSourceSignsAssumeRole(_ source: String, _ key: String) throws {
    let fixture = try CredentialFixture(
      config: "[profile qa]\nrole_arn = \(Self.role)\ncredential_source = \(source)\n",
      environment: [
        "AWS_ACCESS_KEY_ID": "AKENV", "AWS_SECRET_ACCESS_KEY": "e",
        "AWS_CONTAINER_CREDENTIALS_FULL_URI": "http://127.0.0.1/creds",
        "AWS_EC2_METADATA_SERVICE_ENDPOINT": "http://127.0.0.1/",
      ])
    let transport = RoutedTransport([
      ("/creds", { _ in MetadataCredentialTests.credentialsJSON("ASIACONTAINER") }),
      ("/latest/api/token", { _ in RoutedTransport.json("tok") }),
      ("/latest/meta-data/iam/security-credentials/ec2", { _ in MetadataCredentialTests.credentialsJSON("ASIAEC2") }),
      ("/latest/meta-data/iam/security-credentials/", { _ in RoutedTransport.json("ec2") }),
      ("/", { _ in RoutedTransport.stsCredentials("AssumeRole", key: "ASIAROLE") }),
    ])
    let found = try fixture.chain(transport, profile: "qa").resolve().credentials
    #expect(found.accessKeyID == "ASIAROLE")
    let assume = try #require(transport.requests.last)
    #expect(assume.header("Authorization")?.contains("Credential=\(key)/") == true)
  }

  @Test(arguments: [
    ("source_profile = base\ncredential_source = Environment\n", "source_profile"),
    ("", "role_arn"),
    ("credential_source = SharedConfig\n", "credential_source"),
    ("source_profile = missing\n", "source_profile"),
    ("source_profile = loop\n", "source_profile"),
    ("source_profile = qa\n", "source_profile"),
  ])
  func aRoleBotocoreCannotFollowIsRefusedNamingTheKey(_ settings: String, _ key: String) throws {
    let fixture = try CredentialFixture(
      config: """
        [profile base]
        aws_access_key_id = AK
        aws_secret_access_key = s
        [profile loop]
        role_arn = \(Self.role)
        source_profile = qa
        [profile qa]
        role_arn = \(Self.role)
        \(settings)
        """,
      environment: ["AWS_ACCESS_KEY_ID": "AKENV", "AWS_SECRET_ACCESS_KEY": "e"])
    let transport = Self.sts()
    let error = try #require(credentialError { _ = try fixture.chain(transport, profile: "qa").resolve() })
    guard case .invalidProfile(let profile, let named, _) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(["qa", "loop"].contains(profile))
    #expect(named == key)
    #expect(transport.requests.isEmpty)
  }

  @Test func aRefusedAssumeRoleIsReportedWithSTSsWords() throws {
    let fixture = try CredentialFixture(
      config: "[profile qa]\nrole_arn = \(Self.role)\ncredential_source = Environment\n",
      environment: ["AWS_ACCESS_KEY_ID": "AK", "AWS_SECRET_ACCESS_KEY": "s"])
    let transport = RoutedTransport([
      (
        "/",
        { _ in
          HTTPResponse(
            status: 403,
            body: Array(
              """
              <ErrorResponse><Error><Type>Sender</Type><Code>AccessDenied</Code>
              <Message>not authorized to perform: sts:AssumeRole</Message></Error>
              <RequestId>r-9</RequestId></ErrorResponse>
              """.utf8))
        }
      )
    ])
    let error = try #require(credentialError { _ = try AssumeRoleCredentials(profile: "qa", context: fixture.context(transport)).credentials() })
    #expect(error.description.contains("AccessDenied"))
    #expect(error.description.contains("not authorized to perform: sts:AssumeRole"))
    #expect(error.description.contains("role_arn"))
  }

  @Test func webIdentityFromTheEnvironmentIsUnsignedAndReadsTheTokenFile() throws {
    var fixture = try CredentialFixture()
    let token = try fixture.write("eyJhbGciOi.token", to: "token")
    fixture.environment["AWS_WEB_IDENTITY_TOKEN_FILE"] = token
    fixture.environment["AWS_ROLE_ARN"] = Self.role
    fixture.environment["AWS_ROLE_SESSION_NAME"] = "pod-1"
    let transport = Self.sts()
    let found = try fixture.chain(transport).resolve().credentials
    #expect(found.method == .webIdentity)
    let request = try #require(transport.requests.first)
    #expect(request.header("Authorization") == nil)
    let form = RoutedTransport.form(request)
    #expect(form["Action"] == "AssumeRoleWithWebIdentity")
    #expect(form["WebIdentityToken"] == "eyJhbGciOi.token")
    #expect(form["RoleSessionName"] == "pod-1")
    #expect(form["RoleArn"] == Self.role)
  }

  @Test func theVariablesWinOverTheProfileUnlessTheProfileIsNamedWithTheOption() throws {
    var fixture = try CredentialFixture()
    let envToken = try fixture.write("from-env", to: "env-token")
    let profileToken = try fixture.write("from-profile", to: "profile-token")
    try fixture.write(
      "[profile eks]\nweb_identity_token_file = \(profileToken)\nrole_arn = \(Self.role)\n",
      to: "config")
    fixture.environment["AWS_WEB_IDENTITY_TOKEN_FILE"] = envToken
    fixture.environment["AWS_PROFILE"] = "eks"
    let viaVariable = Self.sts()
    _ = try fixture.chain(viaVariable).resolve()
    #expect(RoutedTransport.form(try #require(viaVariable.requests.first))["WebIdentityToken"] == "from-env")
    let viaOption = Self.sts()
    _ = try fixture.chain(viaOption, profile: "eks").resolve()
    #expect(RoutedTransport.form(try #require(viaOption.requests.first))["WebIdentityToken"] == "from-profile")
  }

  @Test func aWebIdentityTokenWithoutARoleIsRefusedNamingTheKey() throws {
    var fixture = try CredentialFixture()
    fixture.environment["AWS_WEB_IDENTITY_TOKEN_FILE"] = try fixture.write("t", to: "token")
    #expect(throws: CredentialError.self) { try fixture.chain(Self.sts()).resolve() }
  }

  @Test func aRoleProfileWithATokenFileIsAWebIdentityProfile() throws {
    let fixture = try CredentialFixture()
    let token = try fixture.write("tok", to: "token")
    try fixture.write(
      "[profile eks]\nrole_arn = \(Self.role)\nweb_identity_token_file = \(token)\n", to: "config")
    let transport = Self.sts()
    #expect(try fixture.chain(transport, profile: "eks").resolve().credentials.method == .webIdentity)
  }
}
