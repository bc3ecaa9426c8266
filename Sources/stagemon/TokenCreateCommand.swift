import AWSKit
import IVSLive
import InputKit
import JSONKit

/// `stagemon token create STAGE_ARN …`: CreateParticipantToken — a token IVS signs itself,
/// which is why it can never be exchanged (exchangeToken needs a token signed with your key).
enum TokenCreateCommand: Subcommand {
  static let help = """
    USAGE: stagemon token create STAGE_ARN [--user-id ID] [--attribute KEY=VALUE]…
                                 [--capabilities publish,subscribe] [--duration MINUTES]
                                 [live options]

    Asks IVS for a participant token (CreateParticipantToken) and prints it. IVS signs such
    tokens with its own key, so they cannot be exchanged: for exchangeable tokens register a
    key (`stagemon key register`) and sign them with `stagemon token mint`.

    OPTIONS:
      --user-id ID             the token's user ID
      --attribute KEY=VALUE    an attribute (repeatable)
      --capabilities LIST      publish, subscribe or both (default: both)
      --duration MINUTES       lifetime, 1 to 20160 (default: IVS's, 720)
    \(LiveOptions.helpLines)
      -h, --help               show this help
    """

  static func execute(_ arguments: inout Arguments) throws -> ExitStatus {
    let live = try LiveOptions(&arguments)
    let userId = try arguments.option("--user-id")
    let attributes = try arguments.options("--attribute").map { text throws(UsageError) in
      guard let equals = text.firstIndex(of: "=") else {
        throw UsageError("--attribute \(Excerpt.quoted(text)) needs KEY=VALUE")
      }
      return (
        key: String(text[..<equals]), value: JSON.string(String(text[text.index(after: equals)...]))
      )
    }
    let capabilities = try capabilityList(try arguments.option("--capabilities"))
    let duration = try arguments.option("--duration").map { text throws(UsageError) in
      guard let minutes = Int64(text), (1...20160).contains(minutes) else {
        throw UsageError("--duration \(Excerpt.quoted(text)): give minutes from 1 to 20160")
      }
      return minutes
    }
    guard let arn = arguments.positional() else {
      throw UsageError("token create needs a stage ARN")
    }
    try arguments.finish()
    guard let stage = StageReference(arn) else {
      throw UsageError(
        "\(Excerpt.quoted(arn)) is not a stage ARN (arn:aws:ivs:REGION:ACCOUNT:stage/ID)")
    }
    let client = try live.client(region: stage.region)
    let answer = try LiveError.calling("CreateParticipantToken", on: client, stageArn: arn) {
      () throws(AWSError) -> JSON in
      try client.createParticipantToken(
        stageArn: arn, userId: userId, attributes: attributes, capabilities: capabilities,
        durationMinutes: duration)
    }
    guard let token = answer["participantToken"]?["token"]?.stringValue else {
      throw InputError("CreateParticipantToken answered without a token")
    }
    Console.out(TerminalText.safe(token))
    Console.error(
      "note: IVS signed this token with its own key, so it cannot be exchanged "
        + "(exchangeToken needs a token signed with a key you registered: "
        + "`stagemon key register`, then `stagemon token mint`)")
    return .success
  }

  private static func capabilityList(_ text: String?) throws(UsageError) -> [String] {
    guard let text else { return [] }
    var list: [String] = []
    for word in text.split(separator: ",") {
      switch word.lowercased() {
      case "publish": list.append("PUBLISH")
      case "subscribe": list.append("SUBSCRIBE")
      default:
        throw UsageError("--capabilities \(Excerpt.quoted(text)): publish, subscribe or both")
      }
    }
    return list
  }
}
