/// Placeholder until the token command lands.
enum TokenCommand {
  static func run(_ words: [String]) -> ExitStatus {
    Console.error("stagemon: not built yet")
    return .usage
  }
}
