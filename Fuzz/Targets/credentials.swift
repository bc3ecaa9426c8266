// Credentials: STS's XML answers (and its error shape), the AWS CLI's INI files, and the
// times credential services write, on any bytes.

@testable import AWSKit

/// libFuzzer calls this once per input; it must never crash, hang or exhaust memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCredentials(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let root = try? QueryXML.parse(bytes) {
    // Every element read back is within the nesting bound.
    func depth(_ element: XMLElement) -> Int { 1 + (element.children.map(depth).max() ?? 0) }
    precondition(depth(root) <= QueryXML.maximumDepth)
  }
  _ = STSClient.error(from: HTTPResponse(status: 400, body: bytes))
  let text = String(decoding: bytes, as: UTF8.self)
  for section in INIFile.parse(text) {
    precondition(section.options.keys.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty })
  }
  _ = CredentialEndpoint.seconds(text)
  return 0
}
