/// What the header says of a live session (`attach`): the real stage's name, the session
/// and how fresh the data is, so whoever watches knows at a glance which stage this is and
/// whether it is current. Text here comes from the API: the command makes it terminal-safe.
public struct LiveHeader: Sendable, Equatable {
  /// The stage's name from GetStage, when it has one.
  public var stageName: String?
  /// The session followed (`st-…`).
  public var sessionId: String
  /// Seconds since the newest answer (nil before the first).
  public var dataAge: Int?
  /// Requests a second the poller may spend.
  public var rate: Double
  /// Answers that said "throttled" so far.
  public var throttled: Int

  /// Creates the header's facts.
  public init(stageName: String?, sessionId: String, dataAge: Int?, rate: Double, throttled: Int) {
    self.stageName = stageName
    self.sessionId = sessionId
    self.dataAge = dataAge
    self.rate = rate
    self.throttled = throttled
  }

  /// "live st-… · data 2 s old · 1.0 req/s · throttled 3×" (the throttling only once it
  /// happened; commas and "x" in ASCII).
  public func text(ascii: Bool) -> String {
    let age = dataAge.map { "data \($0) s old" } ?? "no data yet"
    let tenths = Int((rate * 10).rounded())
    var parts = ["live \(sessionId)", age, "\(tenths / 10).\(tenths % 10) req/s"]
    if throttled > 0 { parts.append("throttled \(throttled)\(ascii ? "x" : "×")") }
    return parts.joined(separator: ascii ? ", " : " · ")
  }
}
