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
        "--kid \(Excerpt.of(kidOption)) is not a public key ARN (arn:aws:ivs:REGION:ACCOUNT:public-key/ID)"
      )
    }
    let dir = URL(fileURLWithPath: out)
    let paths = ["private.pem", "public.pem", "kid"].map { dir.appendingPathComponent($0).path }
    let existing = paths.filter(InputFile.exists)
    guard existing.isEmpty else {
      throw InputError(
        "\(existing.joined(separator: ", ")) already exist\(existing.count == 1 ? "s" : ""); "
          + "not overwriting (nothing was written)")
    }
    let key = try SigningKey.generate()
    let kid = kidOption ?? defaultKid(for: key.publicKey)
    do {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    } catch {
      throw InputError("cannot create directory \(out)")
    }
    try key.write(toFile: paths[0])
    try writeNew(key.publicKey.pem, to: paths[1])
    try writeNew(kid + "\n", to: paths[2])
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

  /// Creates `path` and writes `text`; never follows or replaces anything already there (even a
  /// dangling symbolic link), so an existing file cannot be clobbered between check and write.
  private static func writeNew(_ text: String, to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw InputError("cannot create \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    guard written == bytes.count else {
      throw InputError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }
}
