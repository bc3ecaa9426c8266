/// Placeholder until the run command lands.
enum RunCommand {
  static func run(_ words: [String]) -> ExitStatus {
    Console.error("stagemon: not built yet")
    return .usage
  }
}
