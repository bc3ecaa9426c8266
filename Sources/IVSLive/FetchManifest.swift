import AWSKit
import JSONKit

/// `manifest.json` beside the files `fetch` writes: which stage and session they hold, when,
/// with how many requests, and whether every page arrived. `explain` and `import` read a
/// folder with it as one session and never take the manifest for a record.
public struct FetchManifest: Sendable, Equatable {
  /// The file's name in a fetched folder.
  public static let fileName = "manifest.json"
  /// The `kind` every manifest has.
  public static let kind = "stagemon-fetch-manifest"

  /// The stage's ARN.
  public var stageArn: String
  /// The session's ID (`st-…`).
  public var sessionId: String
  /// When the fetch ended, in whole seconds since 1970.
  public var fetchedAt: Int64
  /// Requests sent, retries included.
  public var requestCount: Int
  /// Every participant and every page was read.
  public var complete: Bool
  /// What is missing and why, one line each.
  public var problems: [String]

  /// Creates a manifest.
  public init(
    stageArn: String, sessionId: String, fetchedAt: Int64, requestCount: Int, complete: Bool,
    problems: [String]
  ) {
    self.stageArn = stageArn
    self.sessionId = sessionId
    self.fetchedAt = fetchedAt
    self.requestCount = requestCount
    self.complete = complete
    self.problems = problems
  }

  /// The manifest as written: exactly these members, in this order.
  public var json: JSON {
    .object([
      ("kind", .string(Self.kind)), ("version", .integer(1)), ("stageArn", .string(stageArn)),
      ("sessionId", .string(sessionId)),
      ("fetchedAt", .string(WireTime.text(secondsSince1970: fetchedAt))),
      ("requestCount", .integer(Int64(requestCount))), ("complete", .bool(complete)),
      ("problems", .array(problems.map(JSON.string))),
    ])
  }

  /// Whether `json` is a fetch manifest (so a reader skips it rather than reading records).
  public static func isManifest(_ json: JSON) -> Bool { json["kind"]?.stringValue == kind }
}
