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
  ]
}
