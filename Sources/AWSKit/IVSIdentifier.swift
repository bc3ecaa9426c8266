/// The shapes the IVS real-time API gives the identifiers it sends (the patterns and lengths of
/// its API reference, e.g. StageSession's `sessionId`: "Fixed length of 16. Pattern:
/// st-[a-zA-Z0-9]+", https://docs.aws.amazon.com/ivs/latest/RealTimeAPIReference/API_StageSession.html;
/// botocore's `ivs-realtime` model holds the same). Every identifier an answer carries is
/// checked against its shape before stagemon uses it — as a file name, in the next request, in
/// a message — so a server that is not IVS cannot steer a path (`../x`) or a line of output.
public enum IVSIdentifier: Sendable, CaseIterable {
  /// `StageSessionId`: `st-` and 13 letters or digits.
  case sessionID
  /// `ParticipantId`: letters, digits and `-`, at most 64 (the API allows an empty one; an ID
  /// stagemon names files after must have at least one character).
  case participantID
  /// `PaginationToken`: letters, digits and `+/=_-`, at most 1,024.
  case paginationToken
  /// `StageArn`: `arn:aws:ivs:REGION:ACCOUNT:stage/ID`, at most 128.
  case stageARN
  /// `PublicKeyArn`: `arn:aws:ivs:REGION:ACCOUNT:public-key/ID`, at most 128.
  case publicKeyARN

  /// Whether `text` has this shape.
  public func admits(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    switch self {
    case .sessionID:
      return bytes.count == 16 && bytes.starts(with: Array("st-".utf8))
        && bytes.dropFirst(3).allSatisfy(Self.isAlphanumeric)
    case .participantID:
      return (1...64).contains(bytes.count)
        && bytes.allSatisfy { Self.isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    case .paginationToken:
      return bytes.count <= 1_024
        && bytes.allSatisfy { Self.isAlphanumeric($0) || "+/=_-".utf8.contains($0) }
    case .stageARN: return Self.isARN(bytes, resource: "stage/")
    case .publicKeyARN: return Self.isARN(bytes, resource: "public-key/")
    }
  }

  /// The shape in words, for a message that refuses an identifier.
  public var shape: String {
    switch self {
    case .sessionID: return "a session ID (st- and 13 letters or digits)"
    case .participantID: return "a participant ID (1 to 64 letters, digits and -)"
    case .paginationToken: return "a nextToken (up to 1,024 letters, digits and +/=_-)"
    case .stageARN: return "a stage ARN (arn:aws:ivs:REGION:ACCOUNT:stage/ID)"
    case .publicKeyARN: return "a public key ARN (arn:aws:ivs:REGION:ACCOUNT:public-key/ID)"
    }
  }

  /// `arn:aws:ivs:[a-z0-9-]+:[0-9]+:RESOURCE[a-zA-Z0-9-]+`, at most 128 bytes.
  private static func isARN(_ bytes: [UInt8], resource: String) -> Bool {
    guard (1...128).contains(bytes.count) else { return false }
    let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard parts.count == 6, parts[0].elementsEqual("arn".utf8), parts[1].elementsEqual("aws".utf8),
      parts[2].elementsEqual("ivs".utf8), !parts[3].isEmpty,
      parts[3].allSatisfy({ isLowercaseOrDigit($0) || $0 == UInt8(ascii: "-") }),
      !parts[4].isEmpty, parts[4].allSatisfy(isDigit),
      parts[5].starts(with: resource.utf8)
    else { return false }
    let id = parts[5].dropFirst(resource.utf8.count)
    return !id.isEmpty && id.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
  private static func isLowercaseOrDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (0x61...0x7A).contains(byte)
  }
  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    isLowercaseOrDigit(byte) || (0x41...0x5A).contains(byte)
  }
}
