import Foundation
import StandInHarness
import Testing

/// `stagemon credentials` without `--check`: where the credentials come from, the access key's
/// last four characters, the region and the endpoint — never the secret.
struct CredentialsCommandTests {
  static let secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY"

  /// Runs `stagemon credentials` with a fresh HOME holding `config`, and `environment`.
  static func run(
    _ arguments: [String], config: String = "", environment: [String: String] = [:]
  ) throws -> StagemonBinary.Output {
    let folder = try StagemonBinary.temporaryDirectory()
    try Data(config.utf8).write(to: folder.appendingPathComponent("config"))
    let base = [
      "HOME": folder.path, "AWS_CONFIG_FILE": folder.appendingPathComponent("config").path,
      "AWS_SHARED_CREDENTIALS_FILE": folder.appendingPathComponent("credentials").path,
      "AWS_EC2_METADATA_DISABLED": "true", "AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "",
      "AWS_SESSION_TOKEN": "", "AWS_PROFILE": "", "AWS_DEFAULT_PROFILE": "", "AWS_REGION": "",
      "AWS_DEFAULT_REGION": "", "AWS_ENDPOINT_URL": "", "AWS_ENDPOINT_URL_IVS_REALTIME": "",
    ]
    return try StagemonBinary.run(
      ["credentials"] + arguments, environment: base.merging(environment) { $1 }, directory: folder)
  }

  static let keys = ["AWS_ACCESS_KEY_ID": "AKIAIOSFODNN7EXAMPLE", "AWS_SECRET_ACCESS_KEY": secret]

  @Test func theSourceTheKeysLastFourTheRegionAndTheEndpointAreShownWithoutTheSecret() throws {
    let result = try Self.run(
      [], environment: Self.keys.merging(["AWS_REGION": "eu-central-1"]) { $1 })
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("source      env: environment variables"))
    #expect(result.stdout.contains("access key  ****MPLE"))
    #expect(!result.stdout.contains("AKIAIOSFODNN7"))
    #expect(result.stdout.contains("region      eu-central-1 (AWS_REGION)"))
    #expect(result.stdout.contains("endpoint    https://ivsrealtime.eu-central-1.amazonaws.com"))
    #expect(!(result.stdout + result.stderr).contains(Self.secret))
  }

  @Test func theStageARNsRegionWinsOverTheVariablesAndTheProfile() throws {
    let result = try Self.run(
      ["arn:aws:ivs:ap-northeast-1:123456789012:stage/AbC"],
      config: "[default]\nregion = sa-east-1\n",
      environment: Self.keys.merging(["AWS_REGION": "us-east-1"]) { $1 })
    #expect(
      result.stdout.contains("region      ap-northeast-1 (the stage ARN)"), "\(result.stdout)")
    #expect(result.stdout.contains("https://ivsrealtime.ap-northeast-1.amazonaws.com"))
  }

  @Test func withoutAStageOrVariableTheProfilesRegionIsUsed() throws {
    let result = try Self.run(
      ["--profile", "dev"],
      config: "[profile dev]\nregion = ap-south-1\naws_access_key_id = AKIADEV0\n"
        + "aws_secret_access_key = \(Self.secret)\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("profile     dev (--profile)"))
    #expect(result.stdout.contains("source      config-file: profile dev in "))
    #expect(result.stdout.contains("region      ap-south-1 (profile dev in "))
  }

  @Test func withoutCredentialsEveryPlaceLookedIsNamed() throws {
    let result = try Self.run([])
    #expect(result.status == 1)
    #expect(result.stderr.contains("no AWS credentials found"))
    #expect(result.stderr.contains("EC2 instance metadata"))
  }

  @Test(arguments: [["not-an-arn"], ["--region"], ["--bogus"]])
  func badArgumentsAreUsageErrors(_ arguments: [String]) throws {
    let result = try Self.run(arguments, environment: Self.keys)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("USAGE: stagemon credentials"))
  }

  @Test func aRegionThatIsNotOneIsRefusedBeforeAnyRequest() throws {
    let result = try Self.run(["--region", "us-west-2.evil.example/"], environment: Self.keys)
    #expect(result.status == 2)
    #expect(result.stderr.contains("is not a region"))
  }
}

/// Commands without a stage ARN take the region the AWS CLI would: the variables, else the
/// profile's.
@Suite(.enabled(if: StandInServer.enabled, "needs python3 with botocore (pip install botocore)"))
struct CommandRegionTests {
  @Test func keyListWithoutARegionUsesTheProfilesRegion() throws {
    let live = try LiveFixture()
    let config = live.folder.appendingPathComponent("config")
    try Data("[default]\nregion = us-west-2\n".utf8).write(to: config)
    let listed = try live.run(
      ["key", "list"],
      environment: ["AWS_CONFIG_FILE": config.path, "AWS_REGION": "", "AWS_DEFAULT_REGION": ""])
    #expect(listed.status == 0, "\(listed.stderr)")
    let missing = try live.run(
      ["key", "list"],
      environment: [
        "AWS_CONFIG_FILE": live.folder.appendingPathComponent("none").path, "AWS_REGION": "",
        "AWS_DEFAULT_REGION": "",
      ])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("the profile's region"))
  }
}
