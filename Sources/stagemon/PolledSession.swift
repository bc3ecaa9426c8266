import Foundation
import IVSLive
import IVSRecords
import InputKit
import MonitorUI

/// `attach`'s live source: the poller's answers that changed since the last tick, taken into
/// the import (`LiveImport.take`) only when the poller's version moved, and the header's facts.
final class PolledSession: LiveSource {
  private let poller: LivePoller
  private let rate: Double
  private var importer: LiveImport
  private var seen: Int
  /// Each viewer's SDK group from its GetParticipant (`ViewerSDKMix.group(of:)`), kept as
  /// the answers come.
  private var groups: [String: String] = [:]
  /// `--events-queue`: the feed of pushed events, for the header.
  var feed: EventQueueFeed?
  /// When the next whole re-import may run (seconds since 1970): each waits `reimportFactor`
  /// times as long as the last one took, so re-importing a big session keeps at most
  /// 1/`reimportFactor` of a core busy, however often polls bring what cannot follow on.
  private var nextReimport = 0.0
  /// Seconds the last re-import took, times `reimportFactor`: how long answers that cannot
  /// follow on may wait (what the header adds to the join delay while the list waits).
  private var reimportGap = 0.0
  static let reimportFactor = 50.0
  /// When the first import began: `shown()` paces the first re-import by what it cost.
  private var firstImportStarted = 0.0

  /// The first import of what `poller` read so far, at `version`.
  init(_ poller: LivePoller, rate: Double, importer: LiveImport, version: Int) {
    self.poller = poller
    self.rate = rate
    self.importer = importer
    seen = version
  }

  /// Keeps the SDK group of each participant a GetParticipant answer in `files` describes.
  private func noteGroups(_ files: [PolledFile]) {
    for file in files where file.name.hasPrefix("get-participant.") {
      var records = RecordSet()
      guard (try? records.read(json: file.json, file: file.name)) != nil else { continue }
      for record in records.participants.values {
        groups[record.id] = ViewerSDKMix.group(of: record)
      }
    }
  }

  /// Waits for the first answers that import and hold the whole first participant list (every
  /// page of ListParticipants), so every listed participant is on the first screen, ordered
  /// by first join; reports on stderr. Gives up after a minute in which no request succeeded.
  static func first(_ poller: LivePoller, rate: Double, imports: ImportOptions) throws
    -> PolledSession
  {
    Console.error("stagemon: reading session \(poller.sessionId) and its participant list…")
    var deadline = Date().addingTimeInterval(60)
    var lastError: Error?
    var seen = 0
    var requests = poller.requestCount
    while Date() < deadline {
      // A list of many pages is stored once whole (10,000 participants: 100 requests, over a
      // minute at 1 req/s): the wait goes on while its pages are read without a problem.
      if poller.requestCount != requests, poller.lastProblem == nil {
        requests = poller.requestCount
        deadline = Date().addingTimeInterval(60)
      }
      // Every answer so far, not only the change: the import starts from all of them.
      if poller.version != seen, let all = poller.snapshot(after: 0) {
        seen = all.version
        // A list of many pages takes a request each: the wait goes on while answers come.
        deadline = Date().addingTimeInterval(60)
        guard all.files.contains(where: { $0.name == LivePoller.listFile }) else { continue }
        do {
          let files = all.files.map(Self.polled)
          let started = Date().timeIntervalSince1970
          let importer = try LiveImport(files: files, options: imports)
          let session = PolledSession(poller, rate: rate, importer: importer, version: seen)
          session.firstImportStarted = started
          session.noteGroups(files)
          return session
        } catch {
          lastError = error
        }
      }
      if let problem = poller.lastProblem, !poller.isRunning { throw InputError(problem) }
      Thread.sleep(forTimeInterval: 0.2)
    }
    throw InputError(
      "no usable records of \(poller.sessionId) within a minute: \(lastError.map { "\($0)" } ?? "none read")"
    )
  }

  /// The monitor's setup from the first import.
  func setup() throws -> MonitorSetup {
    try MonitorSetup.live(importer.session, name: "live session \(poller.sessionId)")
  }

  /// Seconds a join's answers take to reach the screen once read: the monitor's tick (a
  /// quarter second) and the answers' own time, with room to spare.
  static let screenMargin = 1.0

  /// Seconds an event pushed to `--events-queue` takes to reach the screen once it is in the
  /// queue: the long poll in flight answers as a message arrives (a second for that answer,
  /// with room to spare), then `screenMargin`. The help states it.
  static let pushedWithin = 1.0 + screenMargin

  /// The viewers' SDK mix from the plan's random sample, when the stage has viewers.
  private var viewerSDKs: String? {
    let sample = poller.viewerSample
    guard sample.viewers > 0 else { return nil }
    let read = sample.read.compactMap { groups[$0] }
    return ViewerSDKMix(groups: read, viewers: sample.viewers).text
  }

  var header: LiveHeader {
    let updatedAt = poller.updatedAt
    let age = updatedAt == 0 ? nil : Int(Date().timeIntervalSince1970 - updatedAt)
    let progress = poller.progress
    var header = LiveHeader(
      stageName: poller.stageName.map { TerminalText.safe($0) },
      sessionId: TerminalText.safe(poller.sessionId),
      dataAge: age.map { max(0, $0) }, rate: rate, throttled: poller.throttleCount,
      problem: (poller.lastProblem ?? feed?.problem).map { TerminalText.safe($0) },
      joinWithin: PollPlan.joinDelay(atRate: rate, pages: poller.listPages) + Self.screenMargin
        + (importer.deferred.contains(LivePoller.listFile) ? reimportGap : 0),
      progress: progress.listed == 0
        ? nil
        : LiveHeader.Progress(
          read: progress.read, listed: progress.listed,
          secondsLeft: Double(progress.requestsLeft) / rate))
    header.viewerSDKs = viewerSDKs
    if let counts = feed?.counts {
      header.pushed =
        "events queue: \(counts.kept) kept"
        + (counts.ignored > 0 ? ", \(counts.ignored) of other stages or sessions" : "")
        + (counts.deleted > 0 ? ", \(counts.deleted) deleted" : "")
    }
    if importer.isBehind {
      header.waitingFor = max(0, nextReimport - Date().timeIntervalSince1970)
    }
    return header
  }

  func take(_ request: LiveRequest) -> LiveUpdate? {
    let changed = poller.snapshot(after: seen)
    if let changed { seen = changed.version }
    let files = changed?.files.map(Self.polled) ?? []
    noteGroups(files)
    switch request {
    case .changes:
      return importer.take(files, reimporting: Date().timeIntervalSince1970 >= nextReimport)
    case .wholeSession: return importer.importWhole(adding: files)
    }
  }

  /// The first import is on screen (its records' steps run): the first re-import waits
  /// `reimportFactor` times what importing and showing it took, as later ones do.
  func shown() {
    reimportGap = (Date().timeIntervalSince1970 - firstImportStarted) * Self.reimportFactor
    nextReimport = Date().timeIntervalSince1970 + reimportGap
  }

  func handled(_ update: LiveUpdate, seconds: Double) {
    guard case .reimport = update else { return }
    reimportGap = seconds * Self.reimportFactor
    nextReimport = Date().timeIntervalSince1970 + reimportGap
  }

  private static func polled(_ file: SessionFetcher.File) -> PolledFile {
    PolledFile(name: file.name, json: file.json)
  }
}
