// Keys: private and public PEM loading (SEC1, PKCS#8, SPKI), the key-pair check, sign/verify.

import TokenCore

/// libFuzzer calls this once per input; it must never crash, hang or exhaust memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPEM(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let key = try? SigningKey(pem: text) {
    let message = Array("fuzz".utf8)
    guard let signature = try? key.sign(message) else { return 0 }
    precondition(
      key.publicKey.verify(signature: signature, message: message),
      "a loaded private key signs what its own public key rejects")
  }
  if let key = try? PublicKey(pem: text) {
    _ = key.fingerprint
    _ = key.pem
  }
  return 0
}
