/// What `attach` reads next, within a request budget shared with the customer's own backend:
/// the participant list every `listEvery` requests (at 1 request a second a participant who
/// joins is seen within 10 s), new or changed participants first (their details and events),
/// then each connected participant's events in turn; a disconnected one is read once more and
/// then left. Pure: it counts requests, not seconds, so every plan is testable.
public struct PollPlan: Sendable {
  /// One thing to read.
  public enum Step: Sendable, Equatable {
    /// Every page of ListParticipants.
    case listParticipants
    /// A participant's events, with GetParticipant first when `details`.
    case participant(String, details: Bool)
  }

  /// What ListParticipants says of one participant.
  public struct Summary: Sendable, Equatable {
    /// The participant's ID.
    public let id: String
    /// Its state is CONNECTED.
    public let connected: Bool
    /// It has published in the session.
    public let published: Bool

    /// Creates a summary.
    public init(id: String, connected: Bool, published: Bool) {
      self.id = id
      self.connected = connected
      self.published = published
    }
  }

  /// A list is due every this many steps.
  public static let listEvery = 10
  private var count = 0
  private var known: [String: Summary] = [:]
  private var urgent: [String] = []
  private var connected: [String] = []
  private var cursor = 0

  /// An empty plan: it lists first.
  public init() {}

  /// The next thing to read.
  public mutating func next() -> Step {
    defer { count += 1 }
    if count % Self.listEvery == 0 { return .listParticipants }
    if !urgent.isEmpty { return .participant(urgent.removeFirst(), details: true) }
    guard !connected.isEmpty else { return .listParticipants }
    cursor %= connected.count
    defer { cursor += 1 }
    return .participant(connected[cursor], details: false)
  }

  /// Takes in a fresh participant list: who is new or changed goes first; who left is read
  /// once more and then no longer visited.
  public mutating func listed(_ summaries: [Summary]) {
    for summary in summaries where known[summary.id] != summary {
      known[summary.id] = summary
      if !urgent.contains(summary.id) { urgent.append(summary.id) }
      if summary.connected {
        if !connected.contains(summary.id) { connected.append(summary.id) }
      } else {
        connected.removeAll { $0 == summary.id }
      }
    }
  }

  /// Requests a second the plan spends listing at `rate` requests a second in all: how soon a
  /// join is seen is `listEvery / rate` seconds.
  public static func listPeriod(atRate rate: Double) -> Double { Double(listEvery) / rate }
}
