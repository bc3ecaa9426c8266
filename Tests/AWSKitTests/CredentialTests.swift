import Foundation
import Testing

@testable import AWSKit

/// The environment, the two files and the sources that need no network, read as botocore
/// reads them.
struct CredentialTests {
  @Test func theSecretNeverShowsWhenCredentialsArePrinted() {
    let credentials = Credentials(
      accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI", sessionToken: "FwoGZXIvYXdz",
      source: "environment variables")
    var dumped = ""
    dump(credentials, to: &dumped)
    for text in ["\(credentials)", String(reflecting: credentials), dumped] {
      #expect(text.contains("AKIDEXAMPLE"))
      #expect(!text.contains("wJalrXUtnFEMI"))
      #expect(!text.contains("FwoGZXIvYXdz"))
    }
    #expect(credentials.maskedAccessKeyID == "****MPLE")
  }

  @Test func theEnvironmentGivesKeySecretTokenAndExpiry() throws {
    let found = try EnvironmentCredentials([
      "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "SECRET", "AWS_SESSION_TOKEN": "TOK",
      "AWS_CREDENTIAL_EXPIRATION": "2030-01-01T00:00:00Z",
    ]).credentials()
    #expect(found?.accessKeyID == "AKID")
    #expect(found?.secretAccessKey == "SECRET")
    #expect(found?.sessionToken == "TOK")
    #expect(found?.expiration == 1_893_456_000)
    #expect(found?.method == .environment)
  }

  @Test func aSecurityTokenVariableWinsOverTheSessionToken() throws {
    let found = try EnvironmentCredentials([
      "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "S", "AWS_SECURITY_TOKEN": "OLD",
      "AWS_SESSION_TOKEN": "NEW",
    ]).credentials()
    #expect(found?.sessionToken == "OLD")
  }

  @Test func aKeyWithoutItsSecretIsAnErrorButASecretAloneIsNotLookedAt() throws {
    #expect(throws: CredentialError.incompleteEnvironment(missing: "AWS_SECRET_ACCESS_KEY")) {
      try EnvironmentCredentials(["AWS_ACCESS_KEY_ID": "AKID"]).credentials()
    }
    #expect(try EnvironmentCredentials(["AWS_SECRET_ACCESS_KEY": "S"]).credentials() == nil)
  }

  @Test func anUnreadableExpiryInTheEnvironmentIsNamed() {
    #expect(throws: CredentialError.self) {
      try EnvironmentCredentials([
        "AWS_ACCESS_KEY_ID": "A", "AWS_SECRET_ACCESS_KEY": "S", "AWS_CREDENTIAL_EXPIRATION": "soon",
      ]).credentials()
    }
  }

  @Test func theConfigDialectIsReadAsPythonsConfigparserReadsIt() {
    let sections = INIFile.parse(
      """
      # a comment
      [profile "my name"]
      Region: eu-west-1
      AWS_ACCESS_KEY_ID = AKIA # not a comment
        ; an indented comment line
      s3 =
        max_concurrent_requests = 20
      [default]
      region = us-east-1
      """)
    #expect(sections.map(\.name) == [#"profile "my name""#, "default"])
    #expect(sections[0].options["region"] == "eu-west-1")
    #expect(sections[0].options["aws_access_key_id"] == "AKIA # not a comment")
    #expect(sections[0].options["s3"] == "\nmax_concurrent_requests = 20")
    #expect(sections[1].options["region"] == "us-east-1")
  }

  @Test func profilesAreNamedAsBotocoreNamesThemAndTheCredentialsFileWins() throws {
    let fixture = try CredentialFixture(
      config: """
        [profile "my name"]
        region = eu-west-1
        [profile dev]
        region = us-east-2
        role_arn = arn:aws:iam::1:role/r
        [profile default]
        region = from-profile-default
        [default]
        region = from-default
        [sso-session corp]
        sso_region = us-east-1
        [profiledev]
        region = not-a-profile
        """,
      credentials: "[dev]\nregion = from-credentials\naws_access_key_id = AK\n")
    let config = try fixture.context().files.load()
    #expect(config.value("region", of: "my name") == "eu-west-1")
    #expect(config.profile("dev")?["region"] == "from-credentials")
    #expect(config.profile("dev")?["role_arn"] == "arn:aws:iam::1:role/r")
    #expect(config.value("region", of: "default") == "from-default")
    #expect(config.ssoSessions["corp"]?["sso_region"] == "us-east-1")
    #expect(config.profile("profiledev") == nil)
  }

  @Test func theProfileIsTheOptionElseAWSDefaultProfileElseAWSProfileElseDefault() {
    let both = ["AWS_DEFAULT_PROFILE": "a", "AWS_PROFILE": "b"]
    #expect(ProfileChoice(option: "c", environment: both).name == "c")
    #expect(ProfileChoice(option: "c", environment: both).origin == .option)
    #expect(ProfileChoice(option: nil, environment: both).name == "a")
    #expect(
      ProfileChoice(option: nil, environment: ["AWS_PROFILE": "b"]).origin
        == .variable("AWS_PROFILE"))
    #expect(ProfileChoice(option: nil, environment: ["AWS_PROFILE": ""]).name == "default")
  }

  @Test func pathsExpandTheHomeAndVariablesAsPythonDoes() {
    let environment = ["HOME": "/home/q", "DIR": "/etc/x"]
    #expect(HomePath.expand("~/.aws/config", environment: environment) == "/home/q/.aws/config")
    #expect(HomePath.expand("$DIR/config", environment: environment) == "/etc/x/config")
    #expect(HomePath.expand("${DIR}/c", environment: environment) == "/etc/x/c")
    #expect(HomePath.expand("$NOPE/c", environment: environment) == "$NOPE/c")
  }

  @Test func staticKeysComeFromEachFileWithTheirMethod() throws {
    let fixture = try CredentialFixture(
      config: "[profile dev]\naws_access_key_id = AKCONF\naws_secret_access_key = c\n",
      credentials: "[dev]\naws_access_key_id = AKCRED\naws_secret_access_key = s\n"
        + "aws_security_token = OLD\naws_session_token = NEW\n")
    let files = fixture.context().files
    let fromCredentials = try ProfileKeys(files, profile: "dev", file: .credentials).credentials()
    #expect(fromCredentials?.accessKeyID == "AKCRED")
    #expect(fromCredentials?.sessionToken == "OLD")
    #expect(fromCredentials?.method == .sharedCredentialsFile)
    let fromConfig = try ProfileKeys(files, profile: "dev", file: .config).credentials()
    #expect(fromConfig?.accessKeyID == "AKCONF")
    #expect(fromConfig?.method == .configFile)
  }

  @Test func aKeyWithoutItsSecretInAProfileIsAnError() throws {
    let fixture = try CredentialFixture(credentials: "[dev]\naws_access_key_id = AK\n")
    #expect(throws: CredentialError.self) {
      try ProfileKeys(fixture.context().files, profile: "dev", file: .credentials).credentials()
    }
  }

  @Test func aMissingNamedProfileStopsEvenWithKeysInTheEnvironment() throws {
    let fixture = try CredentialFixture(
      credentials: "[default]\n",
      environment: [
        "AWS_PROFILE": "nope", "AWS_ACCESS_KEY_ID": "AKENV", "AWS_SECRET_ACCESS_KEY": "s",
      ])
    #expect(
      throws: CredentialError.noSuchProfile(
        profile: "nope", files: [fixture.folder + "/credentials", fixture.folder + "/config"])
    ) {
      try fixture.chain()
    }
  }

  @Test func theEnvironmentWinsUnlessAProfileIsNamedWithTheOption() throws {
    let fixture = try CredentialFixture(
      credentials: "[dev]\naws_access_key_id = AKDEV\naws_secret_access_key = d\n",
      environment: [
        "AWS_ACCESS_KEY_ID": "AKENV", "AWS_SECRET_ACCESS_KEY": "e", "AWS_PROFILE": "dev",
        "AWS_EC2_METADATA_DISABLED": "true",
      ])
    #expect(try fixture.chain().resolve().credentials.accessKeyID == "AKENV")
    #expect(try fixture.chain(profile: "dev").resolve().credentials.accessKeyID == "AKDEV")
  }

  /// botocore asks the credentials file's keys, then `credential_process`, then the config
  /// file's keys.
  @Test func credentialsFileKeysThenTheProcessThenConfigFileKeys() throws {
    var fixture = try CredentialFixture(environment: ["AWS_EC2_METADATA_DISABLED": "true"])
    let script = try fixture.write(
      """
      #!/bin/sh
      echo '{"Version": 1, "AccessKeyId": "ASIAPROC", "SecretAccessKey": "p"}'
      """, to: "proc.sh", mode: 0o755)
    try fixture.write(
      "[default]\ncredential_process = \(script)\naws_access_key_id = AKCONF\n"
        + "aws_secret_access_key = c\n", to: "config")
    #expect(try fixture.chain().resolve().credentials.accessKeyID == "ASIAPROC")
    try fixture.write(
      "[default]\naws_access_key_id = AKCRED\naws_secret_access_key = s\n", to: "credentials")
    let found = try fixture.chain().resolve()
    #expect(found.credentials.accessKeyID == "AKCRED")
    #expect(found.provider.isRenewable == false)
    fixture.environment["AWS_SHARED_CREDENTIALS_FILE"] = fixture.folder + "/none"
    try fixture.write(
      "[default]\naws_access_key_id = AKCONF\naws_secret_access_key = c\n", to: "config")
    #expect(try fixture.chain().resolve().credentials.method == .configFile)
  }

  @Test func theChainNamesEveryPlaceItLooked() throws {
    let fixture = try CredentialFixture(environment: ["AWS_EC2_METADATA_DISABLED": "true"])
    let error = try #require(credentialError { _ = try fixture.chain().resolve() })
    let text = error.description
    for place in [
      "AWS_ACCESS_KEY_ID", fixture.folder + "/credentials", fixture.folder + "/config",
      "role_arn", "AWS_WEB_IDENTITY_TOKEN_FILE", "sso_account_id", "credential_process",
      "AWS_CONTAINER_CREDENTIALS_FULL_URI", "EC2 instance metadata", "docs/LIVE.md",
    ] {
      #expect(text.contains(place), "\(place) in \(text)")
    }
  }

  @Test func aLoginSessionProfileStopsWithTheKeyNamed() throws {
    let fixture = try CredentialFixture(config: "[profile web]\nlogin_session = abc\n")
    let error = try #require(credentialError { _ = try fixture.chain(profile: "web").resolve() })
    guard case .invalidProfile(let profile, let key, _) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(profile == "web")
    #expect(key == "login_session")
    #expect(error.description.contains("credential_process"))
  }

  @Test func credentialProcessOutputIsReadEachTime() throws {
    let fixture = try CredentialFixture()
    let counter = fixture.folder + "/runs"
    let script = try fixture.write(
      """
      #!/bin/sh
      echo x >> '\(counter)'
      printf '{"Version": 1, "AccessKeyId": "ASIAPROC", "SecretAccessKey": "proc-secret", \
      "SessionToken": "proc-token", "Expiration": "2027-01-15T12:00:00Z"}'
      """, to: "creds.sh", mode: 0o755)
    try fixture.write(
      "[profile sso]\ncredential_process = \"\(script)\" --profile sso\n", to: "config")
    let provider = ProcessCredentials(fixture.context().files, profile: "sso")
    let first = try provider.credentials()
    #expect(first?.accessKeyID == "ASIAPROC")
    #expect(first?.sessionToken == "proc-token")
    #expect(first?.expiration == Int64(WireTime.seconds("2027-01-15T12:00:00Z") ?? 0))
    #expect(first?.method == .process)
    _ = try provider.credentials()
    #expect(try String(contentsOfFile: counter, encoding: .utf8).count == 4)
  }

  @Test func aCredentialProcessThatNeverStopsPrintingIsCutOffAtTheCap() throws {
    let fixture = try CredentialFixture(
      config: "[profile loud]\ncredential_process = yes stagemon\n")
    let provider = ProcessCredentials(fixture.context().files, profile: "loud")
    #expect(throws: CredentialError.process(profile: "loud", problem: "printed more than 1 MB")) {
      try provider.credentials()
    }
  }

  /// The command runs through /usr/bin/env: a first word env would take as a variable or as
  /// its own option is refused before anything runs (the AWS CLI cannot run it either).
  @Test(arguments: ["PATH=/tmp/evil aws-vault exec p", "-S 'touch pwned'", "-i sh"])
  func aFirstWordEnvWouldReadAsItsOwnIsRefused(_ command: String) throws {
    let fixture = try CredentialFixture(config: "[profile p]\ncredential_process = \(command)\n")
    let provider = ProcessCredentials(fixture.context().files, profile: "p")
    do {
      _ = try provider.credentials()
      Issue.record("ran \(command)")
    } catch {
      #expect(error.description.contains("is not a program to run"))
    }
  }

  @Test func credentialProcessOutputWithoutVersionOneIsRefused() {
    #expect(throws: CredentialError.self) {
      try ProcessCredentials.parse(
        Array(#"{"AccessKeyId":"A","SecretAccessKey":"B"}"#.utf8), profile: "p")
    }
  }

  @Test func commandLinesSplitLikeAShell() {
    #expect(
      ShellWords.split(#"aws configure export-credentials --profile "my sso" --format 'process'"#)
        == ["aws", "configure", "export-credentials", "--profile", "my sso", "--format", "process"])
  }

  @Test func theOldEC2ToolsFileAndBotoConfigAreRead() throws {
    let fixture = try CredentialFixture()
    let ec2 = try fixture.write("AWSAccessKeyId=AKEC2\nAWSSecretKey=e\n", to: "ec2.txt")
    let boto = try fixture.write(
      "[Credentials]\naws_access_key_id = AKBOTO\naws_secret_access_key = b\n", to: "boto.cfg")
    #expect(
      try EC2CredentialFile(environment: ["AWS_CREDENTIAL_FILE": ec2]).credentials()?.accessKeyID
        == "AKEC2")
    #expect(
      try BotoConfigCredentials(environment: ["BOTO_CONFIG": boto]).credentials()?.method
        == .botoConfig)
    #expect(try EC2CredentialFile(environment: [:]).credentials() == nil)
    #expect(
      BotoConfigCredentials(environment: ["HOME": "/h"]).paths == ["/etc/boto.cfg", "/h/.boto"])
  }

  @Test func theRegionIsTheARNsElseTheVariablesElseTheProfiles() throws {
    let fixture = try CredentialFixture(config: "[profile dev]\nregion = eu-central-1\n")
    let config = try fixture.context().files.load()
    let arn = RegionChoice(name: "us-west-2", origin: "the stage ARN")
    let both = ["AWS_REGION": "ap-south-1", "AWS_DEFAULT_REGION": "sa-east-1"]
    #expect(
      RegionChoice.resolve(explicit: arn, environment: both, profile: "dev", config: config) == arn)
    #expect(
      RegionChoice.resolve(explicit: nil, environment: both, profile: "dev", config: config)?.name
        == "ap-south-1")
    #expect(
      RegionChoice.resolve(
        explicit: nil, environment: ["AWS_DEFAULT_REGION": "sa-east-1"], profile: "dev",
        config: config)?.name
        == "sa-east-1")
    #expect(
      RegionChoice.resolve(explicit: nil, environment: [:], profile: "dev", config: config)?.name
        == "eu-central-1")
    #expect(
      RegionChoice.resolve(explicit: nil, environment: [:], profile: "other", config: config) == nil
    )
    #expect(!RegionChoice(name: "us-west-2.evil.com/", origin: "x").isWellFormed)
  }

  @Test func endpointURLsAreSplitIntoOriginHostPathAndQuery() throws {
    let url = try #require(EndpointURL("http://[fd00:ec2::23]:8080/v1/creds?id=1&x=a%20b"))
    #expect(url.hostName == "fd00:ec2::23")
    #expect(url.host == "[fd00:ec2::23]:8080")
    #expect(url.origin == "http://[fd00:ec2::23]:8080")
    #expect(url.path == "/v1/creds")
    #expect(url.query == [.init(name: "id", value: "1"), .init(name: "x", value: "a b")])
    #expect(EndpointURL("https://sts.amazonaws.com:443")?.host == "sts.amazonaws.com")
    #expect(EndpointURL("ftp://x") == nil)
    #expect(
      EndpointURL("http://127.0.0.1:9/")?.request(method: "GET", appending: "/latest/api/token")
        .path == "/latest/api/token")
  }
}
