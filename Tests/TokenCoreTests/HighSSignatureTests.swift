import Testing

@testable import TokenCore

/// ECDSA signatures are malleable: (r, s) and (r, n − s) both verify. OpenSSL and PyJWT produce
/// the high-S half about half the time and IVS accepts them, so stagemon does too (unlike
/// Bitcoin-style low-S rules); docs/SECURITY.md says why.
@Suite struct HighSSignatureTests {
  /// The order n of P-384, big-endian.
  static let order: [UInt8] = hexBytes(
    "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973"
  )

  static func hexBytes(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(index, offsetBy: 2)
      bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
      index = next
    }
    return bytes
  }

  /// `a − b` for equal-length big-endian numbers with a ≥ b.
  static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: a.count)
    var borrow = 0
    for index in stride(from: a.count - 1, through: 0, by: -1) {
      var digit = Int(a[index]) - Int(b[index]) - borrow
      borrow = digit < 0 ? 1 : 0
      if digit < 0 { digit += 256 }
      result[index] = UInt8(digit)
    }
    return result
  }

  @Test func theOtherHalfOfEverySignatureVerifiesToo() throws {
    let store = try Fixtures.keyStore()
    for _ in 0..<4 {
      let token = try Fixtures.token()
      let parts = token.split(separator: ".").map(String.init)
      let signature = try #require(Base64URL.decode(parts[2]))
      let flipped = Array(signature[..<48]) + Self.subtract(Self.order, Array(signature[48...]))
      #expect(flipped != signature)
      let twin = parts[0] + "." + parts[1] + "." + Base64URL.encode(flipped)
      try store.verify(try ParticipantToken.parse(twin), now: Fixtures.now)
      try store.verify(try ParticipantToken.parse(token), now: Fixtures.now)
    }
  }
}
