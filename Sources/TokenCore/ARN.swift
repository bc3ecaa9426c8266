/// Shape checks for the ARNs tokens carry, so a typo in a stage or key ARN is
/// caught with a message rather than silently mismatching.
public enum ARN {
  /// The ID after `stage/` in a stage ARN, or `nil` when the ARN is not one.
  public static func stageID(from arn: String) -> String? {
    resourceID(of: arn, type: "stage")
  }

  /// Whether `arn` is `arn:aws:ivs:<region>:<12 digits>:stage/<id>`.
  public static func isStage(_ arn: String) -> Bool { stageID(from: arn) != nil }

  /// Whether `arn` is `arn:aws:ivs:<region>:<12 digits>:public-key/<id>`.
  public static func isPublicKey(_ arn: String) -> Bool {
    resourceID(of: arn, type: "public-key") != nil
  }

  /// The region of an IVS ARN, for deriving defaults.
  public static func region(of arn: String) -> String? {
    let parts = arn.split(separator: ":", omittingEmptySubsequences: false)
    return parts.count == 6 ? String(parts[3]) : nil
  }

  private static func resourceID(of arn: String, type: String) -> String? {
    let parts = arn.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 6, parts[0] == "arn", parts[1] == "aws", parts[2] == "ivs",
      isRegion(parts[3]), parts[4].count == 12, parts[4].allSatisfy(\.isASCIIDigit)
    else { return nil }
    let resource = parts[5]
    let prefix = type + "/"
    guard resource.hasPrefix(prefix) else { return nil }
    let id = resource.dropFirst(prefix.count)
    guard !id.isEmpty, id.allSatisfy({ $0.isASCIIAlphanumeric || $0 == "-" || $0 == "_" }) else {
      return nil
    }
    return String(id)
  }

  private static func isRegion(_ text: Substring) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCIILowercaseLetter || $0.isASCIIDigit || $0 == "-" }
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
  var isASCIILowercaseLetter: Bool { ("a"..."z").contains(self) }
  var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}
