import StageEngine

extension RecordComparison {
  /// What the comparison keeps of a model event: what its readers show of it (the report's
  /// timeline and JSON, the monitor's recorded lines), not the whole `StageEvent`. A long
  /// record's run has one matched server event per recorded event, and keeping each whole
  /// cost twice the records' size in memory.
  public struct ModelledEvent: Sendable, Equatable {
    /// The model's sequence number.
    public let seq: Int
    /// Virtual time, seconds.
    public let time: Int64
    /// The server event's kind.
    public let kind: EventKind
    /// Participant ID the event is about.
    public let participant: String
    /// The publisher, for subscribe events.
    public let remoteParticipantId: String?
    /// The error's code, for error events.
    public let errorCode: String?

    /// Keeps these fields of a model event.
    public init(
      seq: Int, time: Int64, kind: EventKind, participant: String, remoteParticipantId: String?,
      errorCode: String?
    ) {
      self.seq = seq
      self.time = time
      self.kind = kind
      self.participant = participant
      self.remoteParticipantId = remoteParticipantId
      self.errorCode = errorCode
    }

    /// Keeps what the comparison's readers show of `event` (a server event has a participant;
    /// one without reads "").
    public init(_ event: StageEvent) {
      self.init(
        seq: event.seq, time: event.time, kind: event.kind, participant: event.participant ?? "",
        remoteParticipantId: event.remoteParticipantId, errorCode: event.errorCode)
    }
  }

  /// The model event a recorded event took, by what differs from the recorded one: the kind
  /// and participants are its key's, the same on both sides.
  struct Match: Sendable {
    /// The model's sequence number.
    let seq: Int
    /// Virtual time, seconds.
    let time: Int64
  }
}
