import AWSKit

/// A stage ARN as `fetch` and `attach` take it, with the region its requests are signed for.
public struct StageReference: Sendable, Equatable {
  /// `arn:aws:ivs:REGION:ACCOUNT:stage/ID`.
  public let arn: String
  /// The ARN's region.
  public let region: String
  /// The ARN's account.
  public let account: String
  /// The ID after `stage/`.
  public let id: String

  /// Reads `arn`; nil when it is not a stage ARN.
  public init?(_ arn: String) {
    let parts = arn.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 6, parts[0] == "arn", parts[1] == "aws", parts[2] == "ivs",
      !parts[3].isEmpty, parts[3].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }),
      parts[4].count == 12, parts[4].allSatisfy({ $0.isASCII && $0.isNumber }),
      parts[5].hasPrefix("stage/")
    else { return nil }
    let id = parts[5].dropFirst("stage/".count)
    guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    else { return nil }
    self.arn = arn
    region = String(parts[3])
    account = String(parts[4])
    self.id = String(id)
  }

  /// Whether `id` has a participant ID's shape (`IVSIdentifier.participantID`), so it can name
  /// a file.
  public static func isSafeID(_ id: String) -> Bool {
    IVSIdentifier.participantID.admits(id)
  }
}
