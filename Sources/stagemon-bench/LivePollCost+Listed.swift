import IVSRecords
import JSONKit
import MonitorUI

/// Issue 33's first item: a participant attach has only listed (ListParticipants, before its
/// details and events are read) gets its first records — its GetParticipant and its events,
/// as old as its join at the session's start — and they follow on in the running monitor,
/// the participant declared again in place, at a cost independent of the session's length.
extension LivePollCost {
  /// Viewers ListParticipants lists besides the session's participants: enough for every
  /// poll of the figure to bring a new one.
  static let listed = 3_000
  /// When the listed viewers joined: the session's first minute.
  static let listedJoin = 1_800_000_030

  /// ListParticipants' answer listing viewers `v0`… (`count` of them).
  static func list(_ count: Int) -> PolledFile {
    let joined = JSON.string(RecordTime.iso8601(milliseconds: Int64(listedJoin) * 1000))
    let participants = (0..<count).map { index in
      JSON.object([
        ("participantId", .string("v\(index)")), ("state", .string("CONNECTED")),
        ("firstJoinTime", joined),
      ])
    }
    return PolledFile(
      name: "list-participants.json", json: .object([("participants", .array(participants))]))
  }

  /// µs a poll that brings a listed viewer's first records, at one hour and at eight, and
  /// their ratio (target ≤ 1.5); every such poll must follow on (no import of the session).
  static func listedFigure() throws -> Bool {
    let short = try Attached(hours: 1, listed: listed)
    let long = try Attached(hours: 8, listed: listed)
    let rates = BenchmarkHarness.compare(
      rounds: 5, roundSeconds: 0.3, baseline: short.firstRecords, candidate: long.firstRecords)
    let (oneHour, eightHours) = (1e6 / rates.baseline, 1e6 / rates.candidate)
    let ratio = eightHours / oneHour
    let misses = short.misses + long.misses
    let met = ratio <= 1.5 && misses == 0
    BenchmarkHarness.report(
      "attach poll (a listed viewer's first records) 8 h vs 1 h",
      "\(Int(eightHours.rounded())) µs vs \(Int(oneHour.rounded())) µs: "
        + "\((ratio * 100).rounded() / 100)× (\(short.nextListed + long.nextListed) polls, "
        + "\(misses) not followed on)",
      target: "≤ 1.5×, all followed on", met: met)
    return met
  }
}

extension LivePollCost.Attached {
  /// One poll: the next listed viewer's GetParticipant and its events (its join, at the
  /// session's start: older than every event taken in). 1 when it followed on, else 0.
  func firstRecords() -> Int {
    guard nextListed < LivePollCost.listed else {
      misses += 1
      return 0
    }
    let id = "v\(nextListed)"
    nextListed += 1
    let details = JSON.object([
      (
        "participant",
        .object([
          ("participantId", .string(id)), ("userId", .string("u-\(id)")),
          ("state", .string("CONNECTED")), ("osName", .string("iOS")),
          ("sdkVersion", .string("1.37.0")),
        ])
      )
    ])
    let events = JSON.object([
      ("events", .array([LivePollCost.event("JOINED", id, at: LivePollCost.listedJoin)]))
    ])
    let update = importer.take([
      PolledFile(name: "get-participant.\(id).json", json: details),
      PolledFile(name: "\(id).events.json", json: events),
    ])
    guard let update, case .follow = update else {
      misses += 1
      return 0
    }
    controller.handle(update)
    return 1
  }
}
