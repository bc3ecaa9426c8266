/// Placeholder until the monitor command lands.
enum MonitorCommand {
  static func run(_ words: [String]) -> ExitStatus {
    Console.error("stagemon: not built yet")
    return .usage
  }
}
