import Foundation
import IVSRecords
import JSONKit
import MonitorUI
import TerminalKit

/// Issue 33's "the cost of a poll independent of the session's length": one poll that brings
/// a connected participant's newer event, taken in as `attach` takes it (`LiveImport.take`,
/// then `AppController.handle`), on the same participants with one hour of events and with
/// eight, side by side in the same process.
enum LivePollCost {
  static let participants = 100
  /// A participant publishes and stops every this many seconds.
  static let period = 120

  /// The polled answers of a session `hours` long: `participants` who join in its first
  /// minute, then exchange their tokens (a new `round` attribute) every `period` seconds
  /// until its end.
  static func files(hours: Int) -> [PolledFile] {
    let start = 1_800_000_000
    let end = start + hours * 3600
    return (0..<participants).map { index in
      let id = "p\(index)"
      var events: [JSON] = [event("JOINED", id, at: start + index / 2)]
      var time = start + 60 + index
      while time < end {
        events.append(exchange(id, round: events.count, at: time))
        time += period
      }
      return PolledFile(
        name: "\(id).events.json", json: .object([("events", .array(events.reversed()))]))
    }
  }

  static func event(_ name: String, _ id: String, at seconds: Int) -> JSON {
    .object([
      ("name", .string(name)), ("participantId", .string(id)),
      ("eventTime", .string(RecordTime.iso8601(milliseconds: Int64(seconds) * 1000))),
    ])
  }

  /// A TOKEN_EXCHANGED of `id` from round `round - 1` to `round`.
  static func exchange(_ id: String, round: Int, at seconds: Int) -> JSON {
    func token(_ round: Int) -> JSON {
      .object([
        ("capabilities", .array([.string("SUBSCRIBE")])),
        ("attributes", .object([("round", .string("\(round)"))])),
      ])
    }
    guard case .object(var members) = event("TOKEN_EXCHANGED", id, at: seconds) else {
      return .null
    }
    members += [("previousToken", token(round - 1)), ("newToken", token(round))]
    return .object(members)
  }

  /// A monitor on the session and its import, the records' steps run.
  final class Attached {
    var importer: LiveImport
    let controller: AppController
    var files: [String: JSON]
    var time: Int
    /// The next of the listed viewers whose first records a poll brings (`firstRecords`).
    var nextListed = 0
    /// Polls that brought nothing to follow on.
    var misses = 0

    /// The session `hours` long, with `listed` viewers ListParticipants lists besides.
    init(hours: Int, listed: Int = 0) throws {
      let files =
        LivePollCost.files(hours: hours) + (listed > 0 ? [LivePollCost.list(listed)] : [])
      importer = try LiveImport(files: files, options: ImportOptions())
      let theme = Theme.builtInDefault
      controller = AppController(
        setup: try MonitorSetup.live(importer.session, name: "bench"),
        themes: ThemeCatalog(themes: [theme]), theme: theme, options: MonitorOptions())
      controller.followRecords()
      self.files = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.json) })
      time = 1_800_000_000 + hours * 3600
    }

    /// One poll: participant p0's next exchange, a second after the last event.
    func poll() -> Int {
      time += 1
      let name = "p0.events.json"
      let old = files[name]?["events"]?.arrayValue ?? []
      let new = LivePollCost.exchange("p0", round: old.count, at: time)
      let json = JSON.object([("events", .array([new] + old))])
      files[name] = json
      guard let update = importer.take([PolledFile(name: name, json: json)]) else { return 0 }
      controller.handle(update)
      return 1
    }
  }

  /// µs a poll, at one hour and at eight, and their ratio (target ≤ 1.5: independent of the
  /// session's length); then the same for a poll that brings a listed viewer's first records.
  static func figure() throws -> Bool {
    try newerEventFigure() && listedFigure()
  }

  static func newerEventFigure() throws -> Bool {
    let short = try Attached(hours: 1)
    let long = try Attached(hours: 8)
    let events = { (attached: Attached) in attached.importer.session.recorded.count }
    let (shortEvents, longEvents) = (events(short), events(long))
    let rates = BenchmarkHarness.compare(
      rounds: 7, roundSeconds: 0.5, baseline: short.poll, candidate: long.poll)
    let (oneHour, eightHours) = (1e6 / rates.baseline, 1e6 / rates.candidate)
    let ratio = eightHours / oneHour
    BenchmarkHarness.report(
      "attach poll (newer event) 8 h vs 1 h",
      String(
        format: "%.0f µs vs %.0f µs: %.2f× (%d vs %d events)", eightHours, oneHour, ratio,
        longEvents, shortEvents),
      target: "≤ 1.5×", met: ratio <= 1.5)
    return ratio <= 1.5
  }
}
