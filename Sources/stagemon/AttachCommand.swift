import AWSKit
import Foundation
import IVSLive
import IVSRecords
import IVSRules
import InputKit
import JSONKit
import MonitorUI
import StageEngine
import TerminalKit

/// `stagemon attach STAGE_ARN [--session st-…] [live options]`: the monitor on a live session.
/// A poller reads the stage within the budget; each time the records change, what they brought
/// follows on in the running monitor (`LiveFeed`: newer and late events, joins), or the
/// session is imported again and a new monitor keeps the old one's view (selection, focus,
/// zoom, log scroll).
/// Read-only: nothing stagemon does changes the real stage.
enum AttachCommand {
  static let help = """
    USAGE: stagemon attach STAGE_ARN [--session st-…] [--sdk ID=PLATFORM@VERSION]…
                           [--endpoint-url URL] [--profile NAME] [--max-rps N] [--as-of DATE]

    Opens the monitor on a live session (the active one, else the latest): participants as
    IVS reports them, recorded events in the log as they are read, and the model's
    prediction beside them — who sees stale attributes now, and why. The header shows the
    stage and session, how old the data is, the poll rate and throttling.

    Read-only: keys that would change a stage say why they can't; nothing here changes the
    real stage (the token deck still predicts what an exchange would do). An SDK the
    records do not state is marked "?". Polls keep the selection, focus and log scroll.
    Polls at most 1 request a second in
    all (--max-rps), listing the participants every 10 requests, new or changed
    participants first, then each connected one in turn.

    OPTIONS:
      --session st-…       the session (default: the active one, else the latest)
      --sdk ID=P@V         the SDK a participant really runs, as for `stagemon import`
      --as-of DATE         tell IVS as it behaved on DATE (YYYY-MM-DD; default: today)
    \(LiveOptions.helpLines)
      -h, --help           show this help
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    let poller: LivePoller
    let first: LiveFeed
    let rate = options.request.live.maxRPS ?? 1
    do {
      let client = try options.request.live.client(
        region: options.request.stage.region, total: rate)
      let fetcher = SessionFetcher(client: client, stage: options.request.stage) { _ in }
      let sessionId = try fetcher.chooseSession(options.request.sessionId)
      poller = LivePoller(client: client, stage: options.request.stage, sessionId: sessionId)
      poller.start()
      first = try firstSetup(poller, options.imports)
    } catch {
      return Stagemon.failLive(error, help: help)
    }
    defer { poller.stop() }
    return watch(poller, feed: first, rate: rate)
  }

  /// Waits for the first records that import (at most a minute), reporting on stderr.
  private static func firstSetup(_ poller: LivePoller, _ imports: ImportOptions) throws
    -> LiveFeed
  {
    Console.error("stagemon: reading session \(poller.sessionId)…")
    let deadline = Date().addingTimeInterval(60)
    var lastError: Error?
    var seen = -1
    while Date() < deadline {
      let snapshot = poller.snapshot
      if snapshot.version != seen {
        seen = snapshot.version
        do {
          return try LiveFeed(snapshot, sessionId: poller.sessionId, imports: imports)
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

  /// The monitor until the user quits: what a poll brought follows on in the running
  /// controller; when it cannot, a new controller takes over the old one's view.
  private static func watch(_ poller: LivePoller, feed: LiveFeed, rate: Double) -> ExitStatus {
    let environment = ProcessInfo.processInfo.environment
    let loader = ThemeLoader(environment: environment)
    let session: TerminalSession
    do {
      session = try TerminalSession.start(noColorFlag: false, mouse: true)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    let theme = loader.load(nil, colorDepth: session.backend.colorDepth).theme
    var options = MonitorOptions(
      logLines: 10_000, keymap: KeyFile.load(environment: environment).keymap, playSpeed: nil)
    options.readOnlyReason =
      "read-only — attach watches a real stage and never changes it; the model follows the "
      + "records (x still predicts an exchange)"
    var previous: AppController?
    while true {
      guard let setup = try? feed.setup() else { break }
      let controller = AppController(
        setup: setup, themes: ThemeCatalog(loader: loader, colorDepth: session.backend.colorDepth),
        theme: theme.downgraded(to: session.backend.colorDepth),
        options: options)
      controller.followRecords()
      if let previous { controller.keepView(of: previous) }
      let loop = MonitorLoop(controller: controller, backend: session.backend)
      var status = LiveStatus.Line()
      loop.continues = {
        status.show(poller, rate: rate, on: controller)
        return feed.follow(poller.snapshot, in: controller)
      }
      status.show(poller, rate: rate, on: controller)
      loop.run()
      if controller.state.wantsQuit { break }
      try? feed.reimport(poller.snapshot)
      previous = controller
    }
    session.end()
    return .success
  }

  struct Options: CommandOptions {
    let request: FetchCommand.Request
    let imports: ImportOptions

    init(_ arguments: inout Arguments) throws(UsageError) {
      var imports = ImportOptions()
      try RecordInputs.usageErrors {
        for text in try arguments.options("--sdk") {
          imports.sdks.append(try ImportOptions.assignment(text, option: "--sdk"))
        }
      }
      imports.asOf = try AsOfOption.parse(&arguments) ?? AsOfOption.today
      self.imports = imports
      request = try FetchCommand.Request(&arguments, command: "attach")
      try arguments.finish()
    }
  }
}

/// What a live monitor says of the poller: the header's facts (stage, session, the data's
/// age, the poll rate, throttling) and the status line (read-only, the last problem).
enum LiveStatus {
  /// How the status line starts while it shows the poller's state, not a key's answer.
  static let prefix = "read-only"

  static func header(_ poller: LivePoller, rate: Double) -> LiveHeader {
    let snapshot = poller.snapshot
    let age = snapshot.updatedAt == 0 ? nil : Int(Date().timeIntervalSince1970 - snapshot.updatedAt)
    return LiveHeader(
      stageName: poller.stageName.map { TerminalText.safe($0) },
      sessionId: TerminalText.safe(poller.sessionId),
      dataAge: age.map { max(0, $0) }, rate: rate, throttled: poller.throttleCount)
  }

  /// The status line's turn: the poller's state, except that a refused key's message stays
  /// a few seconds first.
  struct Line {
    private var refusedAt: Date?

    mutating func show(_ poller: LivePoller, rate: Double, on controller: AppController) {
      controller.showLive(LiveStatus.header(poller, rate: rate))
      let text = controller.state.status?.text ?? ""
      if text.hasPrefix(LiveStatus.prefix) || text.isEmpty
        || refusedAt.map({ Date().timeIntervalSince($0) > 4 }) == true
      {
        refusedAt = nil
        controller.report(LiveStatus.line(poller), poller.lastProblem == nil ? .info : .warning)
      } else if refusedAt == nil {
        refusedAt = Date()
      }
    }
  }

  static func line(_ poller: LivePoller) -> String {
    let problem = poller.lastProblem.map { " · \(TerminalText.safe($0))" } ?? ""
    return "\(prefix): attach watches \(poller.sessionId) and never changes it\(problem)"
  }
}
