import Foundation
import StandInHarness

/// The AWS CLI and stagemon run side by side on the same files and environment, against the
/// credential stand-ins: what each says the credentials are and whose they are.
struct CredentialMatrix {
  /// Whether the AWS CLI is installed.
  static let awsAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["aws", "--version"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()
  /// Run the matrix when both tools can, or when CI requires it (then a missing one fails).
  static var enabled: Bool {
    (awsAvailable && CredentialStandIn.isAvailable) || StandInServer.required
  }

  /// One row: files, environment, `--profile`, and what both tools should end in.
  struct Case: Sendable, CustomStringConvertible {
    enum Outcome: Sendable {
      /// Both find credentials of this botocore method, and STS names the same identity.
      case same(method: String)
      /// Both fail; stagemon's message contains these words.
      case bothFail(saying: [String])
    }

    let name: String
    var config = ""
    var credentials = ""
    var environment: [String: String] = [:]
    var profile: String?
    let outcome: Outcome

    var description: String { name }
  }

  /// What one tool said.
  struct Answer {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// The stand-ins: users alice, bob and carol; roles with trusts, an external ID, a web
  /// identity token; IAM Identity Center, the container endpoint and IMDS.
  static let config = """
    {"users": ["alice", "bob", "carol"],
     "roles": [
       {"name": "qa", "trust": ["alice"], "externalId": "ext-1"},
       {"name": "self-role", "trust": ["carol"]},
       {"name": "middle", "trust": ["alice"]},
       {"name": "top", "trust": "*"},
       {"name": "source-role", "trust": "*"},
       {"name": "web", "webIdentityToken": "eyJ-web-identity-token"},
       {"name": "mfa-role", "trust": ["alice"],
        "mfa": {"serial": "arn:aws:iam::123456789012:mfa/alice", "code": "654321"}}],
     "sso": {"accessToken": "sso-access-token",
             "roles": [{"account": "123456789012", "role": "sso-role"}]},
     "container": {"token": "container-token", "role": "ecs-role"},
     "imds": {"role": "ec2-role"}}
    """

  let standIn: CredentialStandIn
  let keys: [String: CredentialStandIn.Key]

  init() throws {
    standIn = try CredentialStandIn(config: Self.config)
    keys = try standIn.keys()
  }

  /// `[NAME]` (or `[profile NAME]`) with `user`'s keys.
  func keysSection(_ header: String, _ user: String) -> String {
    let key = keys[user]
    return "[\(header)]\naws_access_key_id = \(key?.accessKeyID ?? "")\n"
      + "aws_secret_access_key = \(key?.secretAccessKey ?? "")\n"
  }

  /// `user`'s keys as environment variables.
  func keyVariables(_ user: String) -> [String: String] {
    [
      "AWS_ACCESS_KEY_ID": keys[user]?.accessKeyID ?? "",
      "AWS_SECRET_ACCESS_KEY": keys[user]?.secretAccessKey ?? "",
    ]
  }

  /// A folder for `row`: its files written, `{FOLDER}` in them and in its variables replaced.
  func prepare(_ row: Case) throws -> (folder: String, environment: [String: String]) {
    let folder = try StagemonBinary.temporaryDirectory().path
    func fill(_ text: String) -> String { text.replacingOccurrences(of: "{FOLDER}", with: folder) }
    try Data(fill(row.config).utf8).write(to: URL(fileURLWithPath: folder + "/config"))
    try Data(fill(row.credentials).utf8).write(to: URL(fileURLWithPath: folder + "/credentials"))
    try writeSupportFiles(in: folder)
    var environment: [String: String] = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "LANG": "C.UTF-8", "HOME": folder, "AWS_CONFIG_FILE": folder + "/config",
      "AWS_SHARED_CREDENTIALS_FILE": folder + "/credentials",
      "AWS_ENDPOINT_URL_STS": standIn.endpoint, "AWS_ENDPOINT_URL_SSO": standIn.endpoint,
      "AWS_DEFAULT_REGION": "us-west-2", "AWS_EC2_METADATA_DISABLED": "true",
    ]
    for variable in ["PYENV_ROOT", "PYENV_VERSION", "VIRTUAL_ENV"] {
      environment[variable] = ProcessInfo.processInfo.environment[variable]
    }
    environment.merge(row.environment.mapValues(fill)) { $1 }
    return (folder, environment.filter { !$0.value.isEmpty })
  }

  /// The web identity token, a credential_process printing bob's keys, the container token,
  /// and IAM Identity Center tokens: valid for `corp` and the legacy start URL, expired for
  /// `stale`.
  private func writeSupportFiles(in folder: String) throws {
    func write(_ text: String, _ name: String, mode: Int16 = 0o600) throws {
      let path = folder + "/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      chmod(path, mode_t(mode))
    }
    try write("eyJ-web-identity-token", "web-token")
    try write("container-token", "container-token")
    let bob = keys["bob"]
    try write(
      """
      #!/bin/sh
      echo '{"Version": 1, "AccessKeyId": "\(bob?.accessKeyID ?? "")", "SecretAccessKey": "\(bob?.secretAccessKey ?? "")"}'
      """, "process.sh", mode: 0o700)
    let valid = #"{"accessToken":"sso-access-token","expiresAt":"2099-01-01T00:00:00Z"}"#
    let expired = #"{"accessToken":"sso-access-token","expiresAt":"2020-01-01T00:00:00Z"}"#
    for (name, token) in [
      ("corp", valid), ("https://corp.example/start", valid), ("stale", expired),
    ] {
      try write(token, ".aws/sso/cache/\(Self.sha1(name)).json")
    }
  }

  /// The hex SHA-1 botocore names a token cache file by.
  static func sha1(_ text: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import hashlib,sys;print(hashlib.sha1(sys.argv[1].encode()).hexdigest())", text]
    let output = Pipe()
    process.standardOutput = output
    try? process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs `arguments` with exactly `environment` (nothing inherited), stdin `input`.
  static func run(
    _ arguments: [String], environment: [String: String], input: String = "",
    directory: String
  ) throws -> Answer {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let pipes = (stdin: Pipe(), stdout: Pipe(), stderr: Pipe())
    process.standardInput = pipes.stdin
    process.standardOutput = pipes.stdout
    process.standardError = pipes.stderr
    try process.run()
    pipes.stdin.fileHandleForWriting.write(Data(input.utf8))
    try pipes.stdin.fileHandleForWriting.close()
    let out = pipes.stdout.fileHandleForReading.readDataToEndOfFile()
    let err = pipes.stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Answer(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  /// The AWS CLI's driver (`aws configure list`, then `aws sts get-caller-identity`, in one
  /// interpreter: Tests/StandIn/aws_cli.py) and `stagemon credentials --check` for `row`, run
  /// at once.
  func answers(_ row: Case) throws -> (identity: Answer, list: Answer, stagemon: Answer) {
    let (folder, environment) = try prepare(row)
    let profile = row.profile.map { ["--profile", $0] } ?? []
    let commands = [
      ["setsid", "-w", "python3", Self.awsScript] + profile,
      [StagemonBinary.url.path, "credentials", "--check"] + profile,
    ]
    let results = Results(count: commands.count)
    DispatchQueue.concurrentPerform(iterations: commands.count) { index in
      results.set(
        index,
        Result {
          try Self.run(commands[index], environment: environment, directory: folder)
        })
    }
    let aws = try results.get(0)
    let object = try JSONSerialization.jsonObject(with: Data(aws.stdout.utf8)) as? [String: Any]
    func answer(_ key: String) -> Answer {
      let run = object?[key] as? [String: Any]
      return Answer(
        status: Int32(run?["status"] as? Int ?? -1), stdout: run?["stdout"] as? String ?? "",
        stderr: (run?["stderr"] as? String ?? "") + aws.stderr)
    }
    return (answer("identity"), answer("list"), try results.get(1))
  }

  /// The AWS CLI runner.
  static var awsScript: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("StandIn/aws_cli.py").path
  }

  /// Answers filled in from several threads.
  final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Result<Answer, any Error>?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<Answer, any Error>) {
      lock.lock()
      defer { lock.unlock() }
      values[index] = value
    }
    func get(_ index: Int) throws -> Answer {
      lock.lock()
      defer { lock.unlock() }
      guard let value = values[index] else { throw MatrixError.noAnswer(index) }
      return try value.get()
    }
  }

  /// A command of a row gave no answer.
  enum MatrixError: Error {
    case noAnswer(Int)
  }

  /// The `Arn` of `aws sts get-caller-identity`'s JSON.
  static func awsIdentity(_ answer: Answer) -> String? {
    let object = try? JSONSerialization.jsonObject(with: Data(answer.stdout.utf8))
    return (object as? [String: Any])?["Arn"] as? String
  }

  /// The access key's type in `aws configure list` (botocore's method name).
  static func awsMethod(_ answer: Answer) -> String? {
    let row = answer.stdout.split(separator: "\n").first { $0.hasPrefix("access_key") }
    let words = row?.split(separator: " ", omittingEmptySubsequences: true) ?? []
    return words.count >= 3 ? String(words[2]) : nil
  }

  /// A value of `stagemon credentials`' output (`identity`, `source`…).
  static func stagemonLine(_ answer: Answer, _ label: String) -> String? {
    answer.stdout.split(separator: "\n").first { $0.hasPrefix(label + " ") }
      .map { String($0.dropFirst(12)) }
  }

  /// An identity with a generated session name (`botocore-session-…`, `stagemon-session-…`)
  /// made comparable.
  static func normalized(_ arn: String?) -> String? {
    arn?.replacingOccurrences(
      of: "(botocore|stagemon)-session-[0-9]+", with: "<generated>", options: .regularExpression)
  }
}
