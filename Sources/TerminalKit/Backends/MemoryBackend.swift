/// An in-memory terminal for tests: keeps what is on "screen", takes input and resizes from the
/// test, and counts the cells each `draw` writes so diffing can be checked.
public final class MemoryBackend: TerminalBackend {
  /// What the terminal currently shows (styles already downgraded to `colorDepth`).
  public private(set) var screen: CellGrid
  /// Colours this fake terminal shows; set `.none` to test NO_COLOR rendering.
  public var colorDepth: ColorDepth
  /// Glyphs this fake terminal supports; set `.ascii` to test the non-UTF-8 fallback.
  public var glyphs: BorderGlyphs
  /// Cells written by the most recent `draw`.
  public private(set) var lastCellsWritten = 0
  /// Cells written by all draws so far.
  public private(set) var totalCellsWritten = 0
  /// Escape sequences passed with `send`, in order.
  public private(set) var sent: [[UInt8]] = []
  /// Number of `draw` calls.
  public private(set) var framesDrawn = 0
  /// Whether `suspend` was called without a matching `restore`.
  public private(set) var isSuspended = false
  private var pendingInput: [InputEvent] = []
  private var previous: CellGrid?

  /// Creates a blank fake terminal.
  public init(
    width: Int, height: Int, colorDepth: ColorDepth = .trueColor, glyphs: BorderGlyphs = .unicode
  ) {
    self.screen = CellGrid(width: width, height: height, glyphs: glyphs)
    self.colorDepth = colorDepth
    self.glyphs = glyphs
  }

  /// The screen size.
  public var size: TerminalSize { TerminalSize(width: screen.width, height: screen.height) }

  /// Queues keys for `readInput`, as if typed.
  public func feed(_ keys: [Key]) {
    pendingInput.append(contentsOf: keys.map(InputEvent.key))
  }

  /// Queues input events (pastes, mouse reports) for `readInput`.
  public func feed(events: [InputEvent]) {
    pendingInput.append(contentsOf: events)
  }

  /// Queues what raw terminal bytes decode to (e.g. `"\u{1B}[A"` for ↑, a bracketed paste,
  /// an SGR mouse report), through the same decoder as the real terminal.
  public func feed(bytes: [UInt8]) {
    feed(events: KeyDecoder.events(bytes: bytes))
  }

  /// Changes the screen size (blanking it, like a real terminal) and queues `.resize`.
  public func resize(width: Int, height: Int) {
    screen.resize(width: width, height: height)
    previous = nil
    pendingInput.append(.key(.resize))
  }

  /// Writes the changed cells of `grid` to the screen and counts them.
  public func draw(_ grid: CellGrid) {
    var frame = CellGrid(width: grid.width, height: grid.height, glyphs: glyphs)
    let changes = GridDiff.changes(from: previous, to: grid)
    if let previous, previous.width == grid.width, previous.height == grid.height {
      frame = screen
    }
    for change in changes {
      var cell = change.cell
      cell.style = cell.style.downgraded(to: colorDepth)
      frame.put(cell.symbol, x: change.x, y: change.y, style: cell.style, maxWidth: 2)
    }
    screen = frame
    previous = grid
    lastCellsWritten = changes.count
    totalCellsWritten += changes.count
    framesDrawn += 1
  }

  /// The next queued input, or nil when none is queued (the timeout is not waited for).
  public func readInput(timeout: Duration) -> InputEvent? {
    pendingInput.isEmpty ? nil : pendingInput.removeFirst()
  }

  /// Records `sequence` as sent (tests read `sent`).
  public func send(_ sequence: [UInt8]) {
    sent.append(sequence)
  }

  /// Marks the terminal as given back.
  public func suspend() {
    isSuspended = true
  }

  /// Marks the terminal as taken again; the next draw repaints everything.
  public func restore() {
    isSuspended = false
    previous = nil
  }
}
