/// SigV4's URI encoding: every byte but the unreserved ones percent-encoded in upper case, the
/// path's dot segments and repeated slashes removed first (every service but S3).
enum CanonicalURI {
  /// The canonical path: normalised, each segment encoded, `/` kept.
  static func path(_ path: String) -> String {
    var segments: [Substring] = []
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
      if segment == "." { continue }
      if segment == ".." {
        if !segments.isEmpty { segments.removeLast() }
        continue
      }
      segments.append(segment)
    }
    var result = "/" + segments.map { encode(String($0)) }.joined(separator: "/")
    let last = path.split(separator: "/").last
    if path.hasSuffix("/"), !segments.isEmpty, last != ".", last != ".." { result += "/" }
    return result
  }

  /// The canonical query string: names and values encoded, sorted by name then value.
  static func query(_ items: [HTTPRequest.QueryItem]) -> String {
    items.map { (encode($0.name), encode($0.value)) }
      .sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
      .map { "\($0.0)=\($0.1)" }
      .joined(separator: "&")
  }

  /// `text`'s UTF-8 bytes with all but `A-Z a-z 0-9 - . _ ~` percent-encoded.
  static func encode(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in text.utf8 {
      if isUnreserved(byte) {
        out.append(byte)
      } else {
        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }
}
