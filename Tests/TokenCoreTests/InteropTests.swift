import Foundation
import JSONKit
import Testing

@testable import TokenCore

/// Interoperability with code nobody here wrote: PyJWT for ES384 JWS, and
/// the openssl CLI for key files.
@Suite(.serialized)
struct InteropTests {
  static let pyVerify = """
    import sys, json, jwt
    pub = open(sys.argv[1]).read()
    claims = jwt.decode(sys.stdin.read().strip(), pub, algorithms=["ES384"],
                        options={"verify_exp": False, "verify_iat": False, "verify_aud": False})
    print(json.dumps(claims, sort_keys=True))
    """

  static let pyMint = """
    import sys, json, jwt
    key = open(sys.argv[1]).read()
    claims = json.loads(sys.stdin.read())
    print(jwt.encode(claims, key, algorithm="ES384", headers={"kid": sys.argv[2]}))
    """

  @Test(.enabled(if: ExternalTools.pyJWTEnabled, "python3 with PyJWT[crypto] is not installed"))
  func stagemonTokensVerifyInPyJWTWithTheSameClaims() throws {
    let dir = try ExternalTools.temporaryDirectory()
    let pub = dir.appendingPathComponent("public.pem")
    try Fixtures.key.publicKey.pem.write(to: pub, atomically: true, encoding: .utf8)
    let claims = Fixtures.claims(publish: true, attributes: ["featured": "true", "order": "2"])
    let token = try Fixtures.token(claims)
    let out = try ExternalTools.run(["python3", "-c", Self.pyVerify, pub.path], input: token)
    try #require(out.status == 0, "PyJWT refused the token: \(out.stderr)")
    let decoded = try JSONParser.parse(out.stdout)
    #expect(try TokenClaims(json: decoded) == claims)
  }

  @Test(.enabled(if: ExternalTools.pyJWTEnabled, "python3 with PyJWT[crypto] is not installed"))
  func pyJWTTokensVerifyInStagemon() throws {
    let dir = try ExternalTools.temporaryDirectory()
    let keyPath = dir.appendingPathComponent("private.pem").path
    try Fixtures.key.write(toFile: keyPath)
    let claims = Fixtures.claims(attributes: ["seat": "3"])
    let out = try ExternalTools.run(
      ["python3", "-c", Self.pyMint, keyPath, Fixtures.kid], input: JSONWriter.compact(claims.json))
    try #require(out.status == 0, "PyJWT could not mint: \(out.stderr)")
    let token = try ParticipantToken.parse(out.stdout)
    #expect(token.header.kid == Fixtures.kid)
    #expect(token.claims == claims)
    try Fixtures.keyStore().verify(token, now: Fixtures.now)
  }

  static let openSSLKeyCommands: [[String]] = [
    ["openssl", "ecparam", "-name", "secp384r1", "-genkey", "-noout"],
    ["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"],
  ]

  @Test(
    .enabled(if: ExternalTools.openSSLEnabled, "the openssl command is not installed"),
    arguments: openSSLKeyCommands)
  func openSSLGeneratedKeysLoadAndSign(_ command: [String]) throws {
    let generated = try ExternalTools.run(command)
    try #require(generated.status == 0, "openssl failed: \(generated.stderr)")
    let expectedHeader = command[1] == "ecparam" ? "BEGIN EC PRIVATE KEY" : "BEGIN PRIVATE KEY"
    #expect(generated.stdout.contains(expectedHeader))
    let key = try SigningKey(pem: generated.stdout)
    let pubOut = try ExternalTools.run(["openssl", "ec", "-pubout"], input: generated.stdout)
    try #require(pubOut.status == 0, "openssl ec -pubout failed: \(pubOut.stderr)")
    let publicKey = try PublicKey(pem: pubOut.stdout)
    #expect(publicKey.fingerprint == key.publicKey.fingerprint)
    let signature = try key.sign(Array("message".utf8))
    #expect(publicKey.verify(signature: signature, message: Array("message".utf8)))
  }

  @Test(.enabled(if: ExternalTools.openSSLEnabled, "the openssl command is not installed"))
  func otherCurvesAreRefused() throws {
    let generated = try ExternalTools.run([
      "openssl", "ecparam", "-name", "prime256v1", "-genkey", "-noout",
    ])
    try #require(generated.status == 0)
    #expect(throws: KeyError("the private key is not an EC key on P-384 (secp384r1)")) {
      try SigningKey(pem: generated.stdout)
    }
  }

  @Test func privateKeyFilesAreWrittenWithMode0600AndNeverOverwritten() throws {
    let dir = try ExternalTools.temporaryDirectory()
    let path = dir.appendingPathComponent("private.pem").path
    try Fixtures.key.write(toFile: path)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(throws: KeyError.self) { try Fixtures.otherKey.write(toFile: path) }
    let reloaded = try SigningKey(pem: try String(contentsOfFile: path, encoding: .utf8))
    #expect(reloaded.publicKey.fingerprint == Fixtures.key.publicKey.fingerprint)
  }

  @Test func garbagePEMGetsAClearError() {
    #expect(throws: KeyError.self) {
      try SigningKey(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
    }
    #expect(throws: KeyError.self) { try PublicKey(pem: "hello") }
  }
}
