import Foundation
import Testing

/// `stagemon token …` as documented in the README: exit codes, outputs, and
/// that no private key or signature is ever printed.
@Suite(.serialized)
struct TokenCommandTests {
  static let stage = "arn:aws:ivs:us-west-2:123456789012:stage/AbCdEf123456"
  static let now = "2026-01-01T12:00:00Z"

  struct Keys {
    let dir: URL
    var privateKey: String { dir.appendingPathComponent("private.pem").path }
    var publicKey: String { dir.appendingPathComponent("public.pem").path }
  }

  func keygen() throws -> Keys {
    let dir = try StagemonBinary.temporaryDirectory().appendingPathComponent("keys")
    let out = try StagemonBinary.run(["token", "keygen", "--out", dir.path])
    try #require(out.status == 0, "keygen failed: \(out.stderr)")
    return Keys(dir: dir)
  }

  func mint(_ keys: Keys, _ extra: [String] = ["--subscribe"]) throws -> String {
    let out = try StagemonBinary.run(
      [
        "token", "mint", "--key", keys.privateKey, "--stage-arn", Self.stage, "--participant-id",
        "guest", "--user-id", "bob", "--now", Self.now,
      ] + extra)
    try #require(out.status == 0, "mint failed: \(out.stderr)")
    return out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func keygenWritesA0600PrivateKeyAndNeverPrintsIt() throws {
    let dir = try StagemonBinary.temporaryDirectory().appendingPathComponent("k")
    let out = try StagemonBinary.run(["token", "keygen", "--out", dir.path])
    #expect(out.status == 0)
    #expect(out.stdout.contains("fingerprint SHA256:"))
    #expect(!out.stdout.contains("PRIVATE KEY") && !out.stderr.contains("PRIVATE KEY"))
    let mode =
      try FileManager.default.attributesOfItem(
        atPath: dir.appendingPathComponent("private.pem").path)[
        .posixPermissions] as? NSNumber
    #expect(mode?.intValue == 0o600)
    let again = try StagemonBinary.run(["token", "keygen", "--out", dir.path])
    #expect(again.status == 1)
    #expect(again.stderr.contains("already exist; not overwriting (nothing was written)"))
  }

  @Test func mintedTokenVerifiesAndInspectShowsClaimsButNoSignature() throws {
    let keys = try keygen()
    let token = try mint(keys, ["--publish", "--subscribe", "--attr", "featured=true"])
    let signature = try #require(token.split(separator: ".").last)
    let verify = try StagemonBinary.run([
      "token", "verify", "--keys", keys.dir.path, "--now", Self.now, token,
    ])
    #expect(verify.status == 0)
    #expect(verify.stdout == "valid\n")
    let inspect = try StagemonBinary.run(
      ["token", "inspect", token, "--keys", keys.dir.path, "--now", "2026-01-01T15:00:00Z"])
    #expect(inspect.status == 0)
    #expect(inspect.stdout.contains("publish+subscribe"))
    #expect(inspect.stdout.contains("featured=true"))
    #expect(inspect.stdout.contains("2026-01-02T00:00:00Z  (in 9h)"))
    #expect(inspect.stdout.contains("signature  96 bytes, valid"))
    #expect(!inspect.stdout.contains(signature))
    let json = try StagemonBinary.run(["token", "inspect", "--json", token])
    #expect(json.stdout.contains("\"origin\": \"keyPair\""))
    #expect(!json.stdout.contains(signature))
  }

  @Test func verifyExitsOneWithTheReason() throws {
    let keys = try keygen()
    let token = try mint(keys)
    let expired = try StagemonBinary.run(
      ["token", "verify", "--keys", keys.dir.path, "--now", "2026-01-02T00:00:00Z", token])
    #expect(expired.status == 1)
    #expect(expired.stderr.contains("claim exp: expired"))
    let other = try keygen()
    let wrongKey = try StagemonBinary.run(
      ["token", "verify", "--public-key", other.publicKey, "--now", Self.now, token])
    #expect(wrongKey.status == 1)
    #expect(wrongKey.stderr.contains("signature: does not verify"))
    let garbage = try StagemonBinary.run(
      ["token", "verify", "--keys", keys.dir.path, "-"], input: "a.b")
    #expect(garbage.status == 1)
    #expect(garbage.stderr.contains("token: has 2 dot-separated parts"))
  }

  @Test func diffNamesImmutableChangesAndExitsOne() throws {
    let keys = try keygen()
    let old = try mint(keys)
    let upgraded = try mint(keys, ["--publish", "--subscribe"])
    let accepted = try StagemonBinary.run(["token", "diff", old, upgraded])
    #expect(accepted.status == 0)
    #expect(accepted.stdout.contains("exchange: accepted"))
    let moved = try StagemonBinary.run(
      [
        "token", "mint", "--key", keys.privateKey, "--stage-arn",
        "arn:aws:ivs:us-west-2:123456789012:stage/Other", "--participant-id", "guest", "--now",
        Self.now,
      ])
    let rejected = try StagemonBinary.run(
      [
        "token", "diff", "--json", old,
        moved.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
      ])
    #expect(rejected.status == 1)
    #expect(
      rejected.stdout.contains(
        "\"fields\": [\n    \"topic\",\n    \"resource\",\n    \"whip_url\"\n  ]"))
  }

  @Test(arguments: [
    ["token"], ["token", "frobnicate"], ["token", "mint"], ["token", "verify", "x"],
    ["token", "mint", "--key"], ["token", "inspect", "--bogus"],
  ])
  func usageErrorsExitTwo(_ arguments: [String]) throws {
    let out = try StagemonBinary.run(arguments)
    #expect(out.status == 2)
    #expect(out.stderr.contains("stagemon:"))
    #expect(out.stdout.isEmpty)
  }

  @Test(arguments: ["keygen", "mint", "inspect", "verify", "diff"])
  func everySubcommandHasHelp(_ subcommand: String) throws {
    let out = try StagemonBinary.run(["token", subcommand, "--help"])
    #expect(out.status == 0)
    #expect(out.stdout.contains("USAGE: stagemon token \(subcommand)"))
  }

  @Test func missingKeyFileIsNamed() throws {
    let out = try StagemonBinary.run(
      [
        "token", "mint", "--key", "/nonexistent/private.pem", "--kid",
        "arn:aws:ivs:us-west-2:123456789012:public-key/K", "--stage-arn", Self.stage,
        "--participant-id", "a",
      ])
    #expect(out.status == 1)
    #expect(out.stderr.contains("/nonexistent/private.pem"))
  }
}
