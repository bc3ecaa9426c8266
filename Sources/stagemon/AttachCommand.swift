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
/// A poller reads the stage within the budget; on each tick what changed enters the running
/// monitor as a key does (`PolledSession` → `LiveImport.take` → `AppController.handle`): newer
/// and late events and joins follow on, anything else imports the session again in place,
/// keeping the view (selection, focus, zoom, log scroll).
/// Read-only: nothing stagemon does changes the real stage.
enum AttachCommand {
  static let help = """
    USAGE: stagemon attach STAGE_ARN [--session st-…] [--sdk ID=PLATFORM@VERSION]… [--rate N]
                           [--events-queue SQS_URL [--delete-consumed]]
                           [--endpoint-url URL] [--profile NAME] [--max-rps N] [--as-of DATE]

    Opens the monitor on a live session (the active one, else the latest): participants as
    IVS reports them, recorded events in the log as they are read, and the model's
    prediction beside them — who sees stale attributes now, and why. The header shows the
    stage and session, how old the data is, the request rate, how soon a join is on screen,
    throttling, and how many participants' events were read so far.

    Read-only: keys that would change a stage say why they can't; nothing here changes the
    real stage (the token deck still predicts what an exchange would do). An SDK the
    records do not state is marked "?". Polls keep the selection, focus and log scroll.

    Spends at most --rate requests a second in all (default 1, so the customer's own backend
    keeps the rest of the account's 5 a second): the participant list every 10 requests
    (every other request once the list takes more than 5 pages), then whoever joined since,
    then publishers and participants who exchanged tokens taking turns with viewers (new or
    changed ones first, viewers in a random order). At 1 request a second and one page of
    participants, a join is on screen within 14 s (the next list, its page, the joiner's
    details and events, and a second for the answers and the screen); the header states the
    figure for the stage's size and rate.

    With --events-queue, the "IVS Stage Update" events EventBridge delivers to an SQS queue
    (publish, unpublish, publish errors, replication; docs/LIVE.md gives the rule and the
    queue policy) are read by long polling ReceiveMessage and enter as polled records do:
    an event is on screen within \(Int(PolledSession.pushedWithin)) s of reaching the queue,
    so a big stage's publishes show while the budget fills in the rest. Other stages' and
    sessions' events are left aside; nothing is deleted from the queue unless
    --delete-consumed is given.

    OPTIONS:
      --session st-…       the session (default: the active one, else the latest)
      --sdk ID=P@V         the SDK a participant really runs, as for `stagemon import`
      --rate N             requests a second in all, shared by every operation (default 1)
      --as-of DATE         tell IVS as it behaved on DATE (YYYY-MM-DD; default: today)
      --events-queue URL   also read EventBridge "IVS Stage Update" events from this SQS queue
                           (https://sqs.REGION.amazonaws.com/ACCOUNT/NAME; AWS_ENDPOINT_URL_SQS
                           overrides where requests go), signed with the same credentials
      --delete-consumed    delete the queue's messages once read (default: leave them)
    \(LiveOptions.helpLines)
      -h, --help           show this help
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    let poller: LivePoller
    var feed: EventQueueFeed?
    let source: PolledSession
    let setup: MonitorSetup
    let rate = options.rate
    do {
      let client = try options.request.live.client(
        region: options.request.stage.region, total: rate, endless: true)
      let fetcher = SessionFetcher(client: client, stage: options.request.stage) { _ in }
      let sessionId = try fetcher.chooseSession(options.request.sessionId)
      poller = LivePoller(client: client, stage: options.request.stage, sessionId: sessionId)
      if let queue = options.eventsQueue {
        let target = poller
        feed = EventQueueFeed(
          client: try options.request.live.queueClient(queue, sharing: client),
          stageArn: options.request.stage.arn, sessionId: sessionId,
          deleting: options.deletesConsumed
        ) { target.keep($0, named: EventQueueFeed.file) }
      }
      poller.start()
      feed?.start()
      source = try PolledSession.first(poller, rate: rate, imports: options.imports)
      source.feed = feed
      setup = try source.setup()
    } catch {
      return Stagemon.failLive(error, help: help)
    }
    defer {
      poller.stop()
      feed?.stop()
    }
    return watch(setup, source: source)
  }

  /// The monitor until the user quits: each tick, what the polls brought enters the
  /// controller as a key does (`MonitorLoop.live`).
  private static func watch(_ setup: MonitorSetup, source: PolledSession) -> ExitStatus {
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
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(loader: loader, colorDepth: session.backend.colorDepth),
      theme: theme.downgraded(to: session.backend.colorDepth), options: options)
    controller.followRecords()
    source.shown()
    controller.showLive(source.header)
    let loop = MonitorLoop(controller: controller, backend: session.backend)
    loop.live = source
    loop.run()
    session.end()
    return .success
  }

  struct Options: CommandOptions {
    let request: FetchCommand.Request
    let imports: ImportOptions
    /// `--rate`: requests a second in all.
    let rate: Double
    /// `--events-queue`: the SQS queue EventBridge delivers the stage's events to.
    let eventsQueue: String?
    /// `--delete-consumed`: delete the queue's messages once read.
    let deletesConsumed: Bool

    init(_ arguments: inout Arguments) throws(UsageError) {
      var imports = ImportOptions()
      try RecordInputs.usageErrors {
        for text in try arguments.options("--sdk") {
          imports.sdks.append(try ImportOptions.assignment(text, option: "--sdk"))
        }
      }
      imports.asOf = try AsOfOption.parse(&arguments) ?? AsOfOption.today
      self.imports = imports
      if let text = try arguments.option("--rate") {
        guard let rate = Double(text), rate > 0, rate <= 1000 else {
          throw UsageError("--rate \(text): give a number of requests a second above 0")
        }
        self.rate = rate
      } else {
        rate = 1
      }
      eventsQueue = try arguments.option("--events-queue")
      deletesConsumed = arguments.flag("--delete-consumed")
      if deletesConsumed && eventsQueue == nil {
        throw UsageError("--delete-consumed: give --events-queue SQS_URL too")
      }
      request = try FetchCommand.Request(&arguments, command: "attach")
      try arguments.finish()
    }
  }
}
