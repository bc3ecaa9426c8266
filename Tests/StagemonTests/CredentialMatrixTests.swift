import Foundation
import StandInHarness
import Testing
import TmuxHarness

/// The credential matrix: for every source the AWS CLI resolves and the precedence cases
/// between them, `stagemon credentials --check` names the same source (botocore's method, as
/// `aws configure list` prints it) and STS the same identity as `aws sts get-caller-identity`,
/// on the same files and environment — or both fail and stagemon says what to do.
@Suite(
  .serialized,
  .enabled(
    if: CredentialMatrix.enabled,
    "needs the AWS CLI and moto's server (pip install awscli 'moto[server]')"))
struct CredentialMatrixTests {
  static let role = "arn:aws:iam::123456789012:role/"

  /// The rows, built with the stand-in's users' keys.
  static func rows(_ matrix: CredentialMatrix) -> [CredentialMatrix.Case] {
    let alice = matrix.keyVariables("alice")
    let imds = ["AWS_EC2_METADATA_DISABLED": "", "AWS_EC2_METADATA_SERVICE_ENDPOINT": matrix.standIn.endpoint]
    let container = [
      "AWS_CONTAINER_CREDENTIALS_FULL_URI": matrix.standIn.endpoint + "/container/creds",
      "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE": "{FOLDER}/container-token",
    ]
    let ssoSession = "[sso-session corp]\nsso_start_url = https://corp.example/start\nsso_region = us-east-1\n"
      + "[sso-session stale]\nsso_start_url = https://stale.example/start\nsso_region = us-east-1\n"
    return [
      .init(name: "keys in the environment", environment: alice, outcome: .same(method: "env")),
      .init(
        name: "keys in the credentials file", credentials: matrix.keysSection("default", "bob"),
        outcome: .same(method: "shared-credentials-file")),
      .init(
        name: "keys in the config file", config: matrix.keysSection("default", "bob"),
        outcome: .same(method: "config-file")),
      .init(
        name: "AWS_PROFILE names the profile", credentials: matrix.keysSection("dev", "bob"),
        environment: ["AWS_PROFILE": "dev"], outcome: .same(method: "shared-credentials-file")),
      .init(
        name: "--profile wins over keys in the environment",
        credentials: matrix.keysSection("dev", "bob"), environment: alice, profile: "dev",
        outcome: .same(method: "shared-credentials-file")),
      .init(
        name: "keys in the environment win over AWS_PROFILE",
        credentials: matrix.keysSection("dev", "bob"),
        environment: alice.merging(["AWS_PROFILE": "dev"]) { $1 }, outcome: .same(method: "env")),
      .init(
        name: "role_arn with source_profile, external_id and role_session_name",
        config: "[profile qa]\nrole_arn = \(role)qa\nsource_profile = base\nexternal_id = ext-1\n"
          + "role_session_name = support-qa\n",
        credentials: matrix.keysSection("base", "alice"), profile: "qa",
        outcome: .same(method: "assume-role")),
      .init(
        name: "role_arn and static keys in one profile assume the role",
        config: "[profile both]\nrole_arn = \(role)self-role\nsource_profile = both\n",
        credentials: matrix.keysSection("both", "carol"), profile: "both",
        outcome: .same(method: "assume-role")),
      .init(
        name: "role_arn with a generated session name",
        config: "[profile gen]\nrole_arn = \(role)qa\nsource_profile = base\nexternal_id = ext-1\n",
        credentials: matrix.keysSection("base", "alice"), profile: "gen",
        outcome: .same(method: "assume-role")),
      .init(
        name: "role_arn with credential_source Environment",
        config: "[profile envrole]\nrole_arn = \(role)source-role\ncredential_source = Environment\n",
        environment: alice, profile: "envrole", outcome: .same(method: "assume-role")),
      .init(
        name: "role_arn with credential_source EcsContainer",
        config: "[profile ecsrole]\nrole_arn = \(role)source-role\ncredential_source = EcsContainer\n",
        environment: container, profile: "ecsrole", outcome: .same(method: "assume-role")),
      .init(
        name: "role_arn with credential_source Ec2InstanceMetadata",
        config: "[profile ec2role]\nrole_arn = \(role)source-role\n"
          + "credential_source = Ec2InstanceMetadata\n",
        environment: imds, profile: "ec2role", outcome: .same(method: "assume-role")),
      .init(
        name: "a role whose source is a role",
        config: "[profile top]\nrole_arn = \(role)top\nsource_profile = middle\n"
          + "role_session_name = top-session\n[profile middle]\nrole_arn = \(role)middle\n"
          + "source_profile = base\nrole_session_name = middle-session\n",
        credentials: matrix.keysSection("base", "alice"), profile: "top",
        outcome: .same(method: "assume-role")),
      .init(
        name: "web identity from the variables",
        environment: [
          "AWS_WEB_IDENTITY_TOKEN_FILE": "{FOLDER}/web-token", "AWS_ROLE_ARN": "\(role)web",
          "AWS_ROLE_SESSION_NAME": "pod-1",
        ], outcome: .same(method: "assume-role-with-web-identity")),
      .init(
        name: "web identity from the profile",
        config: "[profile eks]\nrole_arn = \(role)web\nweb_identity_token_file = {FOLDER}/web-token\n"
          + "role_session_name = pod-2\n",
        profile: "eks", outcome: .same(method: "assume-role-with-web-identity")),
      .init(
        name: "--profile ignores the web identity variables",
        credentials: matrix.keysSection("dev", "bob"),
        environment: [
          "AWS_WEB_IDENTITY_TOKEN_FILE": "{FOLDER}/web-token", "AWS_ROLE_ARN": "\(role)web",
        ], profile: "dev", outcome: .same(method: "shared-credentials-file")),
      .init(
        name: "IAM Identity Center with sso_session",
        config: "[profile sso]\nsso_session = corp\nsso_account_id = 123456789012\n"
          + "sso_role_name = sso-role\n" + ssoSession,
        profile: "sso", outcome: .same(method: "sso")),
      .init(
        name: "IAM Identity Center with the legacy keys",
        config: "[profile legacy]\nsso_start_url = https://corp.example/start\n"
          + "sso_region = us-east-1\nsso_account_id = 123456789012\nsso_role_name = sso-role\n",
        profile: "legacy", outcome: .same(method: "sso")),
      .init(
        name: "an expired IAM Identity Center token",
        config: "[profile stale]\nsso_session = stale\nsso_account_id = 123456789012\n"
          + "sso_role_name = sso-role\n" + ssoSession,
        profile: "stale", outcome: .bothFail(saying: ["aws sso login --profile stale"])),
      .init(
        name: "credential_process",
        config: "[profile proc]\ncredential_process = {FOLDER}/process.sh\n", profile: "proc",
        outcome: .same(method: "custom-process")),
      .init(
        name: "credentials-file keys before credential_process",
        config: "[profile proc]\ncredential_process = {FOLDER}/process.sh\n",
        credentials: matrix.keysSection("proc", "alice"), profile: "proc",
        outcome: .same(method: "shared-credentials-file")),
      .init(
        name: "credential_process before config-file keys",
        config: matrix.keysSection("profile proc", "alice")
          + "credential_process = {FOLDER}/process.sh\n",
        profile: "proc", outcome: .same(method: "custom-process")),
      .init(
        name: "the container endpoint with a token file", environment: container,
        outcome: .same(method: "container-role")),
      .init(
        name: "EC2 instance metadata", environment: imds, outcome: .same(method: "iam-role")),
      .init(
        name: "nothing configured", outcome: .bothFail(saying: ["no AWS credentials found"])),
      .init(
        name: "AWS_PROFILE names a missing profile, keys in the environment",
        environment: alice.merging(["AWS_PROFILE": "nope"]) { $1 },
        outcome: .bothFail(saying: ["no profile named nope"])),
      .init(
        name: "a role that does not trust the source",
        config: "[profile qa]\nrole_arn = \(role)qa\nsource_profile = bobs\nexternal_id = ext-1\n",
        credentials: matrix.keysSection("bobs", "bob"), profile: "qa",
        outcome: .bothFail(saying: ["AccessDenied", "role_arn"])),
      .init(
        name: "a wrong external_id",
        config: "[profile qa]\nrole_arn = \(role)qa\nsource_profile = base\nexternal_id = wrong\n",
        credentials: matrix.keysSection("base", "alice"), profile: "qa",
        outcome: .bothFail(saying: ["AccessDenied"])),
      .init(
        name: "source_profile and credential_source together",
        config: "[profile qa]\nrole_arn = \(role)qa\nsource_profile = base\n"
          + "credential_source = Environment\n",
        credentials: matrix.keysSection("base", "alice"), profile: "qa",
        outcome: .bothFail(saying: ["source_profile", "credential_source"])),
    ]
  }

  @Test func stagemonPicksTheSameSourceAndIdentityAsTheAWSCLI() throws {
    let matrix = try CredentialMatrix()
    defer { matrix.standIn.stop() }
    for row in Self.rows(matrix) {
      let (identity, list, stagemon) = try matrix.answers(row)
      let secrets = matrix.keys.values.map(\.secretAccessKey)
      #expect(
        !secrets.contains { stagemon.stdout.contains($0) || stagemon.stderr.contains($0) },
        "\(row): a secret in stagemon's output")
      switch row.outcome {
      case .same(let method):
        #expect(identity.status == 0, "\(row): aws: \(identity.stderr)")
        #expect(stagemon.status == 0, "\(row): stagemon: \(stagemon.stderr)")
        #expect(CredentialMatrix.awsMethod(list) == method, "\(row): aws configure list: \(list.stdout)")
        #expect(
          CredentialMatrix.stagemonLine(stagemon, "source")?.hasPrefix(method + ":") == true,
          "\(row): stagemon: \(stagemon.stdout)")
        let expected = CredentialMatrix.normalized(CredentialMatrix.awsIdentity(identity))
        #expect(expected != nil, "\(row): aws: \(identity.stdout)")
        #expect(
          CredentialMatrix.normalized(CredentialMatrix.stagemonLine(stagemon, "identity")) == expected,
          "\(row): stagemon \(stagemon.stdout) vs aws \(identity.stdout)")
      case .bothFail(let words):
        #expect(identity.status != 0, "\(row): aws succeeded: \(identity.stdout)")
        #expect(stagemon.status == 1, "\(row): stagemon: \(stagemon.stdout) \(stagemon.stderr)")
        for word in words {
          #expect(stagemon.stderr.contains(word), "\(row): \(word) in \(stagemon.stderr)")
        }
      }
    }
  }

  /// A role with `mfa_serial`: stagemon asks on the terminal without echoing the code, and
  /// gets the identity the AWS CLI gets with the same code.
  @Test(.enabled(if: TmuxSession.enabled, "tmux is not installed"))
  func anMFACodeIsAskedForOnTheTerminalWithoutEcho() throws {
    let matrix = try CredentialMatrix()
    defer { matrix.standIn.stop() }
    let row = CredentialMatrix.Case(
      name: "mfa",
      config: "[profile mfa]\nrole_arn = \(Self.role)mfa-role\nsource_profile = base\n"
        + "mfa_serial = arn:aws:iam::123456789012:mfa/alice\nrole_session_name = with-mfa\n",
      credentials: matrix.keysSection("base", "alice"), profile: "mfa",
      outcome: .same(method: "assume-role"))
    let (folder, environment) = try matrix.prepare(row)
    let aws = try CredentialMatrix.run(
      ["setsid", "-w", "aws", "sts", "get-caller-identity", "--profile", "mfa"],
      environment: environment, input: "654321\n", directory: folder)
    #expect(aws.status == 0, "aws: \(aws.stderr)")
    let session = try TmuxSession(
      [StagemonBinary.url.path, "credentials", "--check", "--profile", "mfa"],
      environment: environment)
    let prompt = try session.waitFor(
      text: "Enter MFA code for arn:aws:iam::123456789012:mfa/alice:")
    #expect(prompt.met, "\(prompt.screen)")
    try session.type("654321")
    try session.send("Enter")
    let done = try session.waitFor(text: "[exit 0]")
    #expect(done.met, "\(done.screen)")
    #expect(!done.screen.contains("654321"), "the code was echoed: \(done.screen)")
    #expect(done.screen.contains("assumed-role/mfa-role/with-mfa"))
    #expect(
      CredentialMatrix.awsIdentity(aws) == "arn:aws:sts::123456789012:assumed-role/mfa-role/with-mfa")
    let sent = try matrix.standIn.calls("sts", "AssumeRole").compactMap { $0["tokenCode"] as? String }
    #expect(sent == ["654321", "654321"])
  }

  /// Ctrl-C at the prompt stops at once with what to do, and the terminal echoes again.
  @Test(.enabled(if: TmuxSession.enabled, "tmux is not installed"))
  func cancellingTheMFAPromptLeavesTheTerminalAsItWas() throws {
    let matrix = try CredentialMatrix()
    defer { matrix.standIn.stop() }
    let row = CredentialMatrix.Case(
      name: "mfa",
      config: "[profile mfa]\nrole_arn = \(Self.role)mfa-role\nsource_profile = base\n"
        + "mfa_serial = arn:aws:iam::123456789012:mfa/alice\n",
      credentials: matrix.keysSection("base", "alice"), profile: "mfa",
      outcome: .same(method: "assume-role"))
    let (_, environment) = try matrix.prepare(row)
    let session = try TmuxSession(
      [StagemonBinary.url.path, "credentials", "--profile", "mfa"], environment: environment)
    #expect(try session.waitFor(text: "Enter MFA code").met)
    try session.type("12")
    try session.send("C-c")
    let done = try session.waitFor(text: "[exit 1]")
    #expect(done.met, "\(done.screen)")
    #expect(done.screen.contains("needs an MFA code"))
    try session.type("echo typed-after")
    #expect(try session.waitFor(text: "echo typed-after").met)
    #expect(try matrix.standIn.calls("sts", "AssumeRole").isEmpty)
  }
}
