import Foundation
import TokenCore

/// `token keygen`: makes the key pair a customer imports into IVS.
enum TokenKeygenCommand: Subcommand {
  static let help = """
    USAGE: stagemon token keygen --out DIR [--kid ARN]

    Writes DIR/private.pem (PKCS#8, mode 0600), DIR/public.pem (SPKI, what
    ImportPublicKey accepts) and DIR/kid (the public key ARN tokens name).
    Prints the key's fingerprint; never prints the private key. Refuses to
    overwrite existing key files.

    OPTIONS:
      --out DIR   directory to write into (created if missing)
      --kid ARN   public key ARN (default: arn:aws:ivs:us-west-2:123456789012:public-key/<from fingerprint>)
    """

  static func execute(_ arguments: inout Arguments) throws -> ExitStatus {
    guard let out = try arguments.option("--out") else {
      throw UsageError("keygen needs --out DIR")
    }
    let kidOption = try arguments.option("--kid")
    try arguments.finish()
    if let kidOption, !ARN.isPublicKey(kidOption) {
      throw InputError(
        "--kid \(kidOption) is not a public key ARN (arn:aws:ivs:REGION:ACCOUNT:public-key/ID)")
    }
    let key = try SigningKey.generate()
    let kid = kidOption ?? defaultKid(for: key.publicKey)
    do {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    } catch {
      throw InputError("cannot create directory \(out)")
    }
    let dir = URL(fileURLWithPath: out)
    try key.write(toFile: dir.appendingPathComponent("private.pem").path)
    try write(key.publicKey.pem, to: dir.appendingPathComponent("public.pem"))
    try write(kid + "\n", to: dir.appendingPathComponent("kid"))
    Console.out("fingerprint \(key.publicKey.fingerprint)")
    Console.out("kid         \(kid)")
    Console.out("wrote       \(dir.path)/private.pem (0600), public.pem, kid")
    return .success
  }

  private static func defaultKid(for key: PublicKey) -> String {
    let id = key.fingerprint.dropFirst("SHA256:".count).filter { $0.isLetter || $0.isNumber }
      .prefix(12)
    return "arn:aws:ivs:us-west-2:123456789012:public-key/\(id)"
  }

  private static func write(_ text: String, to url: URL) throws {
    guard !FileManager.default.fileExists(atPath: url.path) else {
      throw InputError("\(url.path) already exists; not overwriting")
    }
    do {
      try text.write(to: url, atomically: true, encoding: .utf8)
    } catch {
      throw InputError("cannot write \(url.path)")
    }
  }
}
