import AWSKit
import Foundation
import IVSLive
import IVSRecords
import InputKit
import JSONKit
import Synchronization

/// `stagemon fetch STAGE_ARN [--session st-…] [--out DIR] [live options]`: reads one session
/// from IVS into the files the AWS CLI would write, plus `manifest.json`.
enum FetchCommand {
  static let help = """
    USAGE: stagemon fetch STAGE_ARN [--session st-…] [--out DIR] [--endpoint-url URL]
                          [--profile NAME] [--max-rps N]

    Reads one session of the stage through the IVS real-time API, with your AWS credentials
    as the AWS CLI finds them: GetStage, GetStageSession (ListStageSessions when no session
    is active: the one that started last), every page of ListParticipants, then for each
    participant GetParticipant and every page of ListParticipantEvents. Writes
    get-stage-session.json, list-participants.json, get-participant.ID.json and
    ID.events.json (pages merged, newest first) — what the AWS CLI writes — and
    manifest.json (stage, session, when, requests, complete or what is missing).
    `stagemon explain DIR` and `stagemon import DIR` read the folder.

    At most 4 requests a second per operation, evenly spaced (IVS allows 5, shared with
    your own backend); throttling is retried. A progress line shows on a terminal.

    OPTIONS:
      --session st-…       the session (default: the active one, else the latest)
      --out DIR            the folder to write (default: the session's ID); it must be new,
                           empty or an earlier fetch of the same session
    \(LiveOptions.helpLines)
      -h, --help           show this help

    Exit status: 0 every page fetched, 1 an error or an incomplete fetch (manifest.json
    lists what is missing), 2 usage error.
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    do {
      let outcome = try fetch(options.request, into: options.out)
      Console.error("stagemon: fetched session \(outcome.sessionId) into \(outcome.folder)")
      return outcome.complete ? .success : .invalid
    } catch {
      return Stagemon.failLive(error, help: help)
    }
  }

  /// What `fetch` needs to know: the stage, the session, the live options.
  struct Request {
    let stage: StageReference
    let sessionId: String?
    let live: LiveOptions

    /// Parses `STAGE_ARN [--session st-…]` and the live options.
    init(_ arguments: inout Arguments, command: String) throws(UsageError) {
      let live = try LiveOptions(&arguments)
      let sessionId = try arguments.option("--session")
      guard let arn = arguments.positional() else {
        throw UsageError("\(command) needs a stage ARN")
      }
      try self.init(arn: arn, sessionId: sessionId, live: live)
    }

    /// Checks the ARN and the session ID.
    init(arn: String, sessionId: String?, live: LiveOptions) throws(UsageError) {
      guard let stage = StageReference(arn) else {
        throw UsageError(
          "\(Excerpt.quoted(arn)) is not a stage ARN (arn:aws:ivs:REGION:ACCOUNT:stage/ID)")
      }
      if let sessionId, !IVSIdentifier.sessionID.admits(sessionId) {
        throw UsageError(
          "--session \(Excerpt.quoted(sessionId)) is not \(IVSIdentifier.sessionID.shape)")
      }
      self.stage = stage
      self.sessionId = sessionId
      self.live = live
    }
  }

  /// Where a fetch ended up.
  struct Outcome {
    let sessionId: String
    let folder: String
    let files: [String]
    let complete: Bool
  }

  /// Fetches the session into `out` (default: a folder named after the session).
  static func fetch(_ request: Request, into out: String?) throws -> Outcome {
    let client = try request.live.client(region: request.stage.region)
    let progress = FetchProgressLine()
    client.onEvent = { event in
      if case .throttled = event { progress.throttled() }
    }
    let fetcher = SessionFetcher(client: client, stage: request.stage) { state in
      progress.show(state, rate: client.pacer.currentRate)
    }
    let result: SessionFetcher.Result
    defer { progress.finish() }
    result = try fetcher.fetch(sessionId: request.sessionId)
    let folder = out ?? result.sessionId
    let replacing = try LiveFiles.checkFolder(folder, sessionId: result.sessionId)
    let pending = try PendingFolder(path: folder)
    var paths: [String] = []
    for file in result.files {
      try pending.write(JSONWriter.pretty(file.json) + "\n", named: file.name)
      paths.append(PathName.join(folder, file.name))
    }
    let manifest = FetchManifest(
      stageArn: request.stage.arn, sessionId: result.sessionId,
      fetchedAt: Int64(Date().timeIntervalSince1970), requestCount: client.requestCount,
      complete: result.problems.isEmpty, problems: result.problems)
    try pending.write(JSONWriter.compact(manifest.json) + "\n", named: FetchManifest.fileName)
    try pending.commit(replacing: replacing)
    for problem in result.problems { Console.error("stagemon: incomplete: \(problem)") }
    return Outcome(
      sessionId: result.sessionId, folder: folder, files: paths, complete: manifest.complete)
  }

  struct Options: CommandOptions {
    let request: Request
    let out: String?

    init(_ arguments: inout Arguments) throws(UsageError) {
      out = try arguments.option("--out")
      request = try Request(&arguments, command: "fetch")
      try arguments.finish()
    }
  }
}

/// The fetch's progress on standard error, only when that is a terminal: participants done,
/// requests, the current rate and throttling waits, rewritten in place.
final class FetchProgressLine: Sendable {
  private let enabled = isatty(STDERR_FILENO) == 1
  private let state = Mutex(State())

  /// What the line shows, and whether it was shown.
  private struct State {
    var waits = 0
    var shown = false
    var last: SessionFetcher.Progress?
    var rate = 0.0
  }

  func throttled() {
    state.withLock { $0.waits += 1 }
    redraw()
  }

  func show(_ progress: SessionFetcher.Progress, rate: Double) {
    state.withLock { ($0.last, $0.rate) = (progress, rate) }
    redraw()
  }

  func finish() {
    guard enabled, state.withLock({ $0.shown }) else { return }
    Console.writeRawError("\n")
  }

  private func redraw() {
    guard enabled else { return }
    state.withLock { state in
      guard let last = state.last else { return }
      state.shown = true
      let waits = state.waits
      let line =
        "\r\u{1B}[Kfetch: \(last.participantsDone)/\(last.participantsTotal) participants · "
        + "\(last.requests) requests · \(Wording.rate(state.rate)) · \(waits) throttling wait\(waits == 1 ? "" : "s")"
      Console.writeRawError(line)
    }
  }
}
