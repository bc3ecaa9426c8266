/// Behaviour the model shows where the IVS documentation is silent (SPEC "assumption"):
/// the help overlay lists these under a heading that says so, never as IVS fact.
public enum Assumptions {
  /// One line each.
  public static let all = [
    "exchange needs a connected client (the docs only show exchange after join)",
    "mobile stays connected on its old token after a service-rejected exchange (Web leaves)",
    "no metadata event for oneself on iOS/Android after an exchange (Web fires one)",
    "losing subscribe in an exchange ends every subscription at once (by symmetry with publish)",
    "mobile codes for rejected exchanges: 1000 (SDK check), 1026 (service)",
    "joins are refused once 12 publishers + 10,000 subscribers are connected",
    "an observer that joins after an exchange sees the current values at join (the seed speaks"
      + " only of observers already present)",
    "a connected participant whose token expires stays connected, publishing and subscribing:"
      + " tokens are checked at join and exchange only; it cannot rejoin or reconnect with it",
    "a network drop: the service keeps the session (no LEFT/JOINED, only media events); the SDK"
      + " reconnects with its current token, asks publish? as at join; refused: LEFT"
      + " reconnect-failed",
    "mute reaches every remote observer that sees the publisher, no server event; it survives"
      + " unpublish and drops, and a later observer learns it right after streamsAdded",
    "a composition started during a run sees every publisher's current attributes at once",
  ]

  /// What IVS compositions do today and what this monitor shows by default. Facts with
  /// their date, not assumptions, but a support engineer must not have to guess them.
  public static let compositionToday = [
    "IVS today: composition layouts follow an accepted exchange at once (policy live,"
      + " documented from 2026-04-16)",
    "before that, a layout moved only when the participant republished or reconnected"
      + " (policy on-reconnect, the seed's behaviour)",
    "scenarios default to on-reconnect and the built-in demo uses it; v on the composition"
      + " pane or :policy live switches",
  ]
}
