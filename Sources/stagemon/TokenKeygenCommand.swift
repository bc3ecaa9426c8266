import Foundation
import InputKit
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
      --out DIR   directory to write into (created if missing, mode 0700)
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
        "--kid \(Excerpt.of(kidOption)) is not a public key ARN (arn:aws:ivs:REGION:ACCOUNT:public-key/ID)"
      )
    }
    let paths = ["private.pem", "public.pem", "kid"].map { PathName.join(out, $0) }
    let existing = paths.filter(BoundedInput.exists)
    guard existing.isEmpty else {
      throw InputError(
        "\(existing.joined(separator: ", ")) already exist\(existing.count == 1 ? "s" : ""); "
          + "not overwriting (nothing was written)")
    }
    let key = try SigningKey.generate()
    let kid = kidOption ?? defaultKid(for: key.publicKey)
    do {
      try SafeFolder.create(out)
    } catch {
      throw InputError("cannot create directory \(out): \(error.reason)")
    }
    try writeAll(key: key, publicPEM: key.publicKey.pem, kid: kid, paths: paths)
    Console.out("fingerprint \(key.publicKey.fingerprint)")
    Console.out("kid         \(kid)")
    Console.out("wrote       \(PathName.join(out, "private.pem")) (0600), public.pem, kid")
    return .success
  }

  private static func defaultKid(for key: PublicKey) -> String {
    let id = key.fingerprint.dropFirst("SHA256:".count).filter { $0.isLetter || $0.isNumber }
      .prefix(12)
    return "arn:aws:ivs:us-west-2:123456789012:public-key/\(id)"
  }

  /// Writes the three files through `SafeFile` (each new, whole or not at all); when one fails,
  /// the ones already written are removed, so a rerun is never blocked by half a key directory.
  private static func writeAll(key: SigningKey, publicPEM: String, kid: String, paths: [String])
    throws
  {
    var written: [String] = []
    do {
      try key.write(toFile: paths[0])
      written.append(paths[0])
      try SafeFile.write(publicPEM, to: paths[1])
      written.append(paths[1])
      try SafeFile.write(kid + "\n", to: paths[2])
    } catch {
      for path in written { unlink(path) }
      throw InputError("\(error) (nothing was written)")
    }
  }
}
