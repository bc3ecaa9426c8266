import AWSKit
import Foundation
import IVSLive
import InputKit
import JSONKit
import TokenCore

/// `stagemon key register|list|delete`: the account's IVS public keys, so tokens stagemon
/// signs (`token mint`) are accepted by a real stage and can be exchanged.
enum KeyCommand {
  static let help = """
    USAGE: stagemon key register KEYDIR [--name NAME] [--region REGION] [live options]
           stagemon key list [--region REGION] [live options]
           stagemon key delete PUBLIC_KEY_ARN [live options]

    register  ImportPublicKey with KEYDIR/public.pem (made by `stagemon token keygen`), then
              write the key's ARN to KEYDIR/kid, so tokens that `stagemon token mint`
              signs with KEYDIR/private.pem name it
    list      ListPublicKeys: every key of the account in the region, ARN and name
    delete    DeletePublicKey

    The region is --region, else AWS_REGION, AWS_DEFAULT_REGION or the profile's region
    (delete: the ARN's).

    OPTIONS:
      --name NAME          the key's name in IVS (letters, digits, - and _)
      --region REGION      e.g. us-west-2
    \(LiveOptions.helpLines)
      -h, --help           show this help

    Exit status: 0 done, 1 refused by AWS (the reason is shown), 2 usage error.
    """

  static func run(_ words: [String]) -> ExitStatus {
    var arguments = Arguments(words)
    if arguments.answersHelp(help) { return .success }
    do {
      guard let sub = arguments.positional() else {
        throw UsageError("key needs register, list or delete")
      }
      let live = try LiveOptions(&arguments)
      switch sub {
      case "register": return try register(&arguments, live)
      case "list": return try list(&arguments, live)
      case "delete": return try delete(&arguments, live)
      default: throw UsageError("unknown key subcommand \(Excerpt.quoted(sub))")
      }
    } catch {
      return Stagemon.failLive(error, help: help)
    }
  }

  private static func register(_ arguments: inout Arguments, _ live: LiveOptions) throws
    -> ExitStatus
  {
    let name = try arguments.option("--name")
    let region = try self.region(&arguments, live)
    guard let folder = arguments.positional() else { throw UsageError("key register needs KEYDIR") }
    try arguments.finish()
    let pem = try InputFiles.text(at: PathName.join(folder, "public.pem"))
    _ = try InputFiles.publicKey(at: PathName.join(folder, "public.pem"))
    let client = try live.client(region: region)
    let answer = try LiveError.calling("ImportPublicKey", on: client, stageArn: nil) {
      () throws(AWSError) -> JSON in try client.importPublicKey(material: pem, name: name)
    }
    guard let arn = answer["publicKey"]?["arn"]?.stringValue, ARN.isPublicKey(arn) else {
      throw InputError("ImportPublicKey answered without a public key ARN")
    }
    try SafeFile.write(
      arn + "\n", to: PathName.join(folder, "kid"), replacing: true)
    Console.out(arn)
    Console.error("stagemon: registered; \(folder)/kid now names it for `stagemon token mint`")
    return .success
  }

  private static func list(_ arguments: inout Arguments, _ live: LiveOptions) throws -> ExitStatus {
    let region = try self.region(&arguments, live)
    try arguments.finish()
    let client = try live.client(region: region)
    let keys = try LiveError.calling("ListPublicKeys", on: client, stageArn: nil) {
      () throws(AWSError) -> [JSON] in try client.listPublicKeys()
    }
    for key in keys {
      let arn = key["arn"]?.stringValue ?? "?"
      let name = key["name"]?.stringValue ?? ""
      Console.out(TerminalText.safe(name.isEmpty ? arn : "\(arn)  \(name)"))
    }
    return .success
  }

  private static func delete(_ arguments: inout Arguments, _ live: LiveOptions) throws -> ExitStatus
  {
    guard let arn = arguments.positional() else {
      throw UsageError("key delete needs a public key ARN")
    }
    try arguments.finish()
    guard ARN.isPublicKey(arn), let region = ARN.region(of: arn) else {
      throw UsageError(
        "\(Excerpt.quoted(arn)) is not a public key ARN (arn:aws:ivs:REGION:ACCOUNT:public-key/ID)")
    }
    let client = try live.client(region: region)
    _ = try LiveError.calling("DeletePublicKey", on: client, stageArn: nil) {
      () throws(AWSError) -> JSON in try client.deletePublicKey(arn: arn)
    }
    Console.error("stagemon: deleted \(arn)")
    return .success
  }

  /// `--region`, else `AWS_REGION`, `AWS_DEFAULT_REGION` or the profile's `region`.
  static func region(_ arguments: inout Arguments, _ live: LiveOptions) throws -> String {
    let environment = ProcessInfo.processInfo.environment
    let explicit = try arguments.option("--region").map {
      RegionChoice(name: $0, origin: "--region")
    }
    let profile = ProfileChoice(option: live.profile, environment: environment)
    let config = try ProfileFiles(environment: environment).load()
    guard
      let region = RegionChoice.resolve(
        explicit: explicit, environment: environment, profile: profile.name, config: config),
      region.isWellFormed
    else {
      throw UsageError(
        "give the region with --region (or AWS_REGION, or the profile's region), e.g. us-west-2")
    }
    return region.name
  }
}
