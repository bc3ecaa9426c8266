import IVSRecords

/// Where `attach`'s polls come from, as keys come from the terminal: `MonitorLoop` asks it on
/// every tick and hands what it gives to the controller (`AppController.handle(_ update:)`),
/// so a poll takes a key's path — handle, refresh, render.
public protocol LiveSource: AnyObject {
  /// The header's facts now (the data's age moves every second).
  var header: LiveHeader { get }
  /// What the records brought since the last call; nil when nothing moved.
  func take(_ request: LiveRequest) -> LiveUpdate?
  /// What taking `update` in cost, the import and the controller's handling together: a
  /// source paces its re-imports by it.
  func handled(_ update: LiveUpdate, seconds: Double)
}

/// What the monitor asks of its live source.
public enum LiveRequest: Sendable, Equatable {
  /// What changed since the last update.
  case changes
  /// The session imported whole (the last update could not follow on).
  case wholeSession
}
