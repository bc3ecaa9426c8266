import JSONKit
import StageEngine

/// Where the records and the model part, or the records contradict themselves: one list that
/// the summary counts and `--json` lists (issue 29 item 5), so a script that reads
/// `divergences` finds exactly the events the summary says are missing.
public struct Divergence: Sendable {
  /// Which way they part.
  public enum Kind: String, Sendable {
    /// Recorded, but the model produced no counterpart within the tolerance.
    case missingInModel
    /// Produced by the model for a participant whose records were given, but not recorded.
    case missingInRecords
    /// A record contradicts the records before it (a `previousToken` unlike the token then).
    case contradiction
  }

  /// Which way.
  public let kind: Kind
  /// When (Unix milliseconds), for the events on either side.
  public let time: Int64?
  /// What, in words.
  public let text: String
  /// The event's name (`PUBLISH_STARTED`) and whose it is, for the events on either side.
  public let event: String?
  /// See `event`.
  public let participant: String?

  init(kind: Kind, time: Int64?, text: String, event: String? = nil, participant: String? = nil) {
    self.kind = kind
    self.time = time
    self.text = text
    self.event = event
    self.participant = participant
  }

  /// Every divergence of `comparison` (in time order), then `session`'s contradictions.
  static func all(_ comparison: RecordComparison, _ session: ImportedSession) -> [Divergence] {
    let entries = comparison.entries
    let tolerance = comparison.toleranceSeconds
    var list: [Divergence] = []
    // By position: a long record's million entries are not made for the few that diverge.
    for index in entries.recorded.indices
    where entries.status(ofRecorded: index) == .missingInModel {
      let event = entries.recorded[index]
      list.append(
        Divergence(
          kind: .missingInModel, time: event.time,
          text: "\(event.name) \(event.participantId)"
            + (event.remoteParticipantId.map { " → \($0)" } ?? "")
            + " at \(RecordTime.iso8601(milliseconds: event.time)) (\(event.origin)): recorded;"
            + " the model has no such event within \(tolerance)s",
          event: event.name, participant: event.participantId))
    }
    for event in entries.unrecorded {
      let (time, overflow) = event.time.multipliedReportingOverflow(by: 1000)
      list.append(
        Divergence(
          kind: .missingInRecords, time: overflow ? nil : time,
          text: "\(event.kind.rawValue) \(event.participant)"
            + (event.remoteParticipantId.map { " → \($0)" } ?? "")
            + " at \(VirtualTime.iso8601(event.time)) (model #\(event.seq)): the model has it;"
            + " the records given for \(event.participant) do not",
          event: event.kind.rawValue, participant: event.participant))
    }
    let timed = list.enumerated().sorted {
      ($0.element.time ?? .max, $0.offset) < ($1.element.time ?? .max, $1.offset)
    }.map(\.element)
    return timed
      + session.divergences.map {
        Divergence(kind: .contradiction, time: nil, text: $0.description)
      }
  }

  /// The divergence for `--json`: `{"kind", "time", "text"}` (`time` left out when unknown).
  var json: JSON {
    var members: [(key: String, value: JSON)] = [("kind", .string(kind.rawValue))]
    if let time { members.append(("time", .string(RecordTime.iso8601(milliseconds: time)))) }
    members.append(("text", .string(text)))
    return .object(members)
  }
}
