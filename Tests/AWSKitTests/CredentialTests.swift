import Foundation
import Testing

@testable import AWSKit

struct CredentialTests {
  /// A fresh folder with a credentials and a config file.
  static func profileFolder(credentials: String, config: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-aws-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(credentials.utf8).write(to: URL(fileURLWithPath: folder + "/credentials"))
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/config"))
    return folder
  }

  static func environment(_ folder: String, _ extra: [String: String] = [:]) -> [String: String] {
    var environment = [
      "AWS_SHARED_CREDENTIALS_FILE": folder + "/credentials", "AWS_CONFIG_FILE": folder + "/config",
      "HOME": folder,
    ]
    environment.merge(extra) { _, new in new }
    return environment
  }

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
  }

  @Test func theEnvironmentGivesKeySecretAndToken() throws {
    let found = try EnvironmentCredentials([
      "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "SECRET", "AWS_SESSION_TOKEN": "TOK",
    ]).credentials()
    #expect(found?.accessKeyID == "AKID")
    #expect(found?.secretAccessKey == "SECRET")
    #expect(found?.sessionToken == "TOK")
  }

  @Test func halfAnAccessKeyInTheEnvironmentIsAnError() {
    #expect(throws: CredentialError.incompleteEnvironment(missing: "AWS_SECRET_ACCESS_KEY")) {
      try EnvironmentCredentials(["AWS_ACCESS_KEY_ID": "AKID"]).credentials()
    }
  }

  @Test func aNamedProfileIsReadFromTheCredentialsFile() throws {
    let folder = try Self.profileFolder(
      credentials: "[default]\naws_access_key_id = AKDEF\naws_secret_access_key = d\n\n"
        + "[dev]\n# a comment\naws_access_key_id=AKDEV\naws_secret_access_key = dev/secret\n",
      config: "")
    let files = ProfileFiles(environment: Self.environment(folder), profile: "dev")
    let found = try ProfileCredentials(files).credentials()
    #expect(found?.accessKeyID == "AKDEV")
    #expect(found?.secretAccessKey == "dev/secret")
  }

  @Test func theConfigFileUsesProfileSectionsAndAWSProfileChoosesOne() throws {
    let folder = try Self.profileFolder(
      credentials: "",
      config: "[profile qa]\nregion = eu-west-1\naws_access_key_id = AKQA\n"
        + "aws_secret_access_key = qa\n")
    let files = ProfileFiles(
      environment: Self.environment(folder, ["AWS_PROFILE": "qa"]), profile: nil)
    #expect(try ProfileCredentials(files).credentials()?.accessKeyID == "AKQA")
  }

  @Test func aMissingNamedProfileSaysWhichFilesWereRead() throws {
    let folder = try Self.profileFolder(credentials: "[default]\n", config: "")
    let files = ProfileFiles(environment: Self.environment(folder), profile: "nope")
    #expect(
      throws: CredentialError.noSuchProfile(
        profile: "nope", files: [files.credentialsPath, files.configPath])
    ) {
      try ProfileCredentials(files).credentials()
    }
  }

  @Test func theChainNamesEveryPlaceItLooked() throws {
    let folder = try Self.profileFolder(credentials: "", config: "")
    let environment = Self.environment(folder)
    let files = ProfileFiles(environment: environment, profile: nil)
    let chain = CredentialChain([
      EnvironmentCredentials(environment), ProfileCredentials(files),
      ProcessCredentials(files, now: { 0 }),
    ])
    do {
      _ = try chain.credentials()
      Issue.record("expected no credentials")
    } catch {
      let text = error.description
      #expect(text.contains("AWS_ACCESS_KEY_ID"))
      #expect(text.contains(folder + "/credentials"))
      #expect(text.contains(folder + "/config"))
      #expect(text.contains("credential_process"))
    }
  }

  @Test func credentialProcessOutputIsReadAndRefreshedBeforeItExpires() throws {
    let folder = try Self.profileFolder(credentials: "", config: "")
    let script = folder + "/creds.sh"
    let counter = folder + "/runs"
    try Data(
      """
      #!/bin/sh
      echo x >> '\(counter)'
      printf '{"Version": 1, "AccessKeyId": "ASIAPROC", "SecretAccessKey": "proc-secret", \
      "SessionToken": "proc-token", "Expiration": "2027-01-15T12:00:00Z"}'
      """.utf8
    ).write(to: URL(fileURLWithPath: script))
    chmod(script, 0o755)
    try Data("[profile sso]\ncredential_process = \"\(script)\" --profile sso\n".utf8)
      .write(to: URL(fileURLWithPath: folder + "/config"))
    let expiry = Int64(WireTime.seconds("2027-01-15T12:00:00Z") ?? 0)
    let clock = FakeClock(Double(expiry - 3600))
    let provider = ProcessCredentials(
      ProfileFiles(environment: Self.environment(folder), profile: "sso"),
      now: { Int64(clock.now()) })
    let first = try provider.credentials()
    #expect(first?.accessKeyID == "ASIAPROC")
    #expect(first?.sessionToken == "proc-token")
    #expect(first?.expiration == expiry)
    _ = try provider.credentials()
    #expect(try String(contentsOfFile: counter, encoding: .utf8).count == 2)
    clock.sleep(seconds: 3600 - 300)
    _ = try provider.credentials()
    #expect(try String(contentsOfFile: counter, encoding: .utf8).count == 4)
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
}
