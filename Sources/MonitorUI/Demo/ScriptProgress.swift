/// Where the scenario's script stands, copied from the runner so views stay pure.
public struct ScriptProgress: Equatable, Sendable {
  /// Steps already run.
  public var done: Int
  /// Steps in the scenario.
  public var total: Int
  /// One-line summary of the next step, nil when finished.
  public var next: String?

  /// Creates a progress value.
  public init(done: Int = 0, total: Int = 0, next: String? = nil) {
    self.done = done
    self.total = total
    self.next = next
  }
}
