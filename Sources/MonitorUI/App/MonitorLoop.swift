import TerminalKit

/// The UI loop: render the state into a grid, hand it to the backend (which writes only the
/// changed cells), wait for input, apply it. When input pauses the controller does its
/// deferred work (`tick`): the wait is short while typing has left some. Runs until quit or
/// `exitAfterFrames` frames.
public final class MonitorLoop {
  /// The controller applying keys.
  public let controller: AppController
  private let backend: any TerminalBackend
  private var grid: CellGrid
  /// `attach`'s polls, asked after every key or tick: what they bring enters the controller as
  /// a key does.
  public var live: (any LiveSource)?

  /// Creates a loop on `backend`.
  public init(controller: AppController, backend: any TerminalBackend) {
    self.controller = controller
    self.backend = backend
    let size = backend.size
    grid = CellGrid(width: size.width, height: size.height, glyphs: backend.glyphs)
    controller.screenResized(to: size)
    controller.screenGlyphs = backend.glyphs
  }

  /// Draws one frame of the current state.
  public func drawFrame() {
    let size = backend.size
    if size.width != grid.width || size.height != grid.height {
      grid.resize(width: size.width, height: size.height)
      controller.screenResized(to: size)
    }
    Screen.render(controller.state, into: &grid)
    backend.draw(grid)
  }

  /// Typing has paused once no key came for this long.
  static let typingPause = Duration.milliseconds(120)
  /// How often an idle loop ticks.
  static let idleTick = Duration.milliseconds(250)
  /// How often the loop ticks while the script plays (the header clock moves this often).
  static let playTick = Duration.milliseconds(100)

  /// Runs until the user quits or `exitAfterFrames` frames were drawn; returns frames drawn.
  @discardableResult
  public func run(exitAfterFrames: Int? = nil) -> Int {
    var frames = 0
    // The only wall clock in the monitor: it says when the player runs the next step.
    let clock = ContinuousClock()
    let start = clock.now
    while !controller.state.wantsQuit {
      drawFrame()
      frames += 1
      #if DEBUG
        if frames == 1 { CrashDrill.runIfRequested() }
      #endif
      if let limit = exitAfterFrames, frames >= limit { break }
      let wait =
        controller.isPlaying
        ? Self.playTick : controller.hasDeferredWork ? Self.typingPause : Self.idleTick
      if let event = backend.readInput(timeout: wait) {
        controller.handle(event)
        if let sequence = controller.takeSequence() { backend.send(sequence) }
      } else {
        controller.tick()
      }
      controller.playTick(at: clock.now - start)
      if let live { take(live) }
    }
    return frames
  }

  /// Hands the controller the live header and what the polls brought since the last tick.
  private func take(_ live: any LiveSource) {
    controller.showLive(live.header)
    let started = ContinuousClock.now
    if let update = live.take(controller.needsWholeImport ? .wholeSession : .changes) {
      controller.handle(update)
      let (seconds, attoseconds) = (ContinuousClock.now - started).components
      live.handled(update, seconds: Double(seconds) + Double(attoseconds) / 1e18)
    }
  }
}
