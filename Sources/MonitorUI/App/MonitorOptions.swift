/// Settings of one monitor session that come from the command line and the user's files.
public struct MonitorOptions: Sendable {
  /// At most this many log lines are kept.
  public var logLines: Int
  /// Where `s` saves logs.
  public var saveDirectory: String
  /// The keys (the standard table with the user's keys.conf applied).
  public var keymap: Keymap
  /// `--play SPEED`: play the script from the start at this speed (nil: wait for keys).
  public var playSpeed: Double?
  /// `--present`: open in presenter mode.
  public var present = false
  /// `attach`: why actions that would change a real stage are refused (nil: they act on the
  /// model, as in every other monitor).
  public var readOnlyReason: String?
  /// The keys.conf lines that could not be used (the help lists them; the status says so).
  public var keyFileProblems: [KeyFile.Problem] = []

  /// Creates options; the log keeps 10,000 lines and saves to the current directory.
  public init(
    logLines: Int = 10_000, saveDirectory: String = ".", keymap: Keymap = .standard,
    playSpeed: Double? = nil
  ) {
    self.logLines = logLines
    self.saveDirectory = saveDirectory
    self.keymap = keymap
    self.playSpeed = playSpeed
  }
}
