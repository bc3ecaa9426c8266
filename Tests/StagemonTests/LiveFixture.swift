import Foundation
import JSONKit
import StandInHarness

/// A stand-in IVS server with a small scripted stage, and the environment that points
/// `stagemon` at it, for the live command tests.
struct LiveFixture {
  static let stageArn = "arn:aws:ivs:us-west-2:123456789012:stage/StandIn01"
  static let accessKey = "AKIDSTANDIN"
  static let secret = "standin/Secret+KEY/do-not-print"

  /// Two sessions: an old one that ended, and a live one where a host publishes, a viewer
  /// subscribes and then exchanges its token (three events: two pages of two).
  static let session = """
    {"sessionId":"st-LiveSession01","startedSecondsAgo":600,"participants":[
      {"participantId":"host","userId":"h","sdkVersion":"1.32.0","browserName":"Chrome",
       "then":[{"action":"publish","at":2}]},
      {"participantId":"viewer","userId":"v","then":[
        {"action":"subscribe","remoteParticipantId":"host","at":5},
        {"action":"exchange","at":7,"attributes":{"role":"guest"}}]}]}
    """
  static let oldSession = """
    {"sessionId":"st-OldSession001","startedSecondsAgo":90000,"endedSecondsAgo":86000,
     "participants":[{"participantId":"old1"}]}
    """

  let server: StandInServer
  let folder: URL

  /// A server holding `sessions` (JSON objects) with `extra` config members.
  init(sessions: [String] = [oldSession, session], extra: String = "", account: String = "")
    throws
  {
    let credentials =
      #"{"accessKeyId":"\#(Self.accessKey)","secretAccessKey":"\#(Self.secret)"\#(account)}"#
    let config = """
      {"credentials":[\(credentials)],"maxPage":2,"sessions":[\(sessions.joined(separator: ","))]\(extra)}
      """
    server = try StandInServer(config: config)
    folder = try StagemonBinary.temporaryDirectory()
  }

  /// The environment of a user with keys in the environment and nothing else.
  var environment: [String: String] {
    [
      "AWS_ACCESS_KEY_ID": Self.accessKey, "AWS_SECRET_ACCESS_KEY": Self.secret,
      "AWS_SESSION_TOKEN": "", "AWS_PROFILE": "", "AWS_CA_BUNDLE": "", "HOME": folder.path,
      "AWS_ENDPOINT_URL_IVS_REALTIME": server.endpoint, "AWS_EC2_METADATA_DISABLED": "true",
    ]
  }

  /// Runs stagemon with the fixture's environment (plus `environment`).
  func run(_ arguments: [String], environment extra: [String: String] = [:]) throws
    -> StagemonBinary.Output
  {
    try StagemonBinary.run(
      arguments, environment: environment.merging(extra) { $1 }, directory: folder)
  }

  /// A JSON file `stagemon fetch` wrote.
  func json(_ path: String) throws -> JSON {
    try JSONParser.parse(bytes: Array(try Data(contentsOf: folder.appendingPathComponent(path))))
  }
}
