/// Settings of one monitor session that come from the command line.
public struct MonitorOptions: Sendable {
  /// At most this many log lines are kept.
  public var logLines: Int
  /// Where `s` saves logs.
  public var saveDirectory: String

  /// Creates options; the log keeps 10,000 lines and saves to the current directory.
  public init(logLines: Int = 10_000, saveDirectory: String = ".") {
    self.logLines = logLines
    self.saveDirectory = saveDirectory
  }
}
