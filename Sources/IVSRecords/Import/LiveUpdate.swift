import JSONKit

/// One answer the live poller holds, under the name `fetch` gives its file: how `attach`'s
/// records reach the import (`LiveImport.take`) without going through files on disk.
public struct PolledFile: Sendable, Equatable {
  /// The file name `fetch` would write (`host.events.json`, `get-participant.host.json`…).
  public let name: String
  /// The answer.
  public let json: JSON

  /// A polled answer.
  public init(name: String, json: JSON) {
    self.name = name
    self.json = json
  }
}

/// What a poll brings the running monitor, as a key brings an action: `LiveImport.take` makes
/// it from the answers that changed, `AppController.handle(_:)` applies it and the next frame
/// shows it.
public enum LiveUpdate {
  /// Newer events and participants who joined, to follow on in the running model, with the
  /// recorded events for the log.
  case follow(LiveImport.Addition, recorded: [RecordedEvent])
  /// The session imported whole again (a participant's record changed, an event came later
  /// than the marks reach, or the monitor asked for it): the model is rebuilt, the view kept.
  case reimport(ImportedSession)
  /// The records no longer import: the last import stays shown, and this says why.
  case unusable(String)
}

/// Why polled answers do not import: a record that does not read, or an import that refuses.
public enum LiveImportError: Error, CustomStringConvertible {
  /// An answer that is not a record stagemon reads.
  case record(RecordError)
  /// Records the import refuses (`--sdk` naming no participant…).
  case usage(ImportUsageError)

  /// The message, naming the file or the option concerned.
  public var description: String {
    switch self {
    case .record(let error): return "\(error)"
    case .usage(let error): return "\(error)"
    }
  }
}
