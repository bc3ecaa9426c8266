import StageEngine

/// Each participant as it was at a moment of the session (issue 29 item 5): its user ID and
/// `role`/`name` attribute from the token it held then, as its exchanges tell, so an exchange
/// that made a viewer a co-host is not labelled with the token the participant ended the
/// session with. A participant that never exchanged keeps the session's label. Public so a
/// checker can hold each label to the truth.
public struct ParticipantLabels: Sendable {
  /// One exchange's effect on a label.
  private struct Change: Sendable {
    let time: Int64
    let before: String
    let after: String
  }

  /// Per participant, its exchanges' labels in time order.
  private let changes: [String: [Change]]
  private let session: ImportedSession

  init(_ stories: [ExchangeStory], _ session: ImportedSession) {
    var changes: [String: [Change]] = [:]
    for story in stories {
      changes[story.participant, default: []].append(
        Change(
          time: story.time, before: RecordImporter.label(story.participant, story.previous),
          after: RecordImporter.label(story.participant, story.truth)))
    }
    self.changes = changes
    self.session = session
  }

  /// `id` as it was before second `time`: as its last exchange before then left it, else as
  /// its first exchange found it; the session's label when it never exchanged.
  /// Before a page of its events that is missing (a `nextToken` not followed), what it held
  /// is unknown (an exchange may be on that page): the ID alone (finding 1082-label).
  public func name(_ id: String, before time: Int64) -> String {
    let (ms, overflow) = time.multipliedReportingOverflow(by: 1000)
    if !overflow,
      session.unansweredPages.contains(where: { $0.participant == id && ms < $0.before })
    {
      return id
    }
    guard let mine = changes[id], let first = mine.first else { return session.name(id) }
    return mine.last { $0.time < time }?.after ?? first.before
  }

  /// `story`'s participant as the exchange found it, and what it made it when that differs:
  /// `cT9rB4nY7eJs (jonas, role=viewer) → cT9rB4nY7eJs (jonas, role=cohost)`.
  public func exchanging(_ story: ExchangeStory) -> String {
    let before = RecordImporter.label(story.participant, story.previous)
    let after = RecordImporter.label(story.participant, story.truth)
    return before == after ? before : "\(before) → \(after)"
  }

  /// `id (userId, role=…, name=…)` with the values of `metadata`, or `id` when it has none:
  /// the form every label takes.
  public static func label(_ id: String, _ metadata: ParticipantMetadata) -> String {
    RecordImporter.label(id, metadata)
  }

  /// `story`'s participant as the exchange left it.
  func after(_ story: ExchangeStory) -> String {
    RecordImporter.label(story.participant, story.truth)
  }
}
