import StageEngine

/// What the log keeps for one line: the model's event, formatted only when the line is drawn,
/// filtered or saved (so a burst of ten thousand observer events costs ten thousand appends),
/// or a line that arrives ready-made (the customer's recorded events, `RecordedLines`).
public enum LogEntry: Equatable, Sendable {
  /// A model event, formatted on demand.
  case event(StageEvent)
  /// A line formatted when it was made (boxed: it is rare and larger than an event).
  indirect case ready(LogLine)

  /// The line to draw or save.
  public var line: LogLine {
    switch self {
    case .event(let event): return LogLine(event)
    case .ready(let line): return line
    }
  }

  /// The model's event, if this line is one (a recorded line is not).
  public var event: StageEvent? {
    switch self {
    case .event(let event): return event
    case .ready(let line): return line.event
    }
  }
}
