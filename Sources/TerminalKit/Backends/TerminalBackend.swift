/// Where frames go and input comes from. MonitorUI renders a `CellGrid` and hands it to `draw`;
/// it never talks to curses, so the same code runs against `MemoryBackend` in tests.
public protocol TerminalBackend: AnyObject {
  /// Current size; re-read after `Key.resize`.
  var size: TerminalSize { get }
  /// Border and ellipsis glyphs the terminal can show (ASCII when the locale is not UTF-8).
  var glyphs: BorderGlyphs { get }
  /// Colours the terminal can show; every style drawn is downgraded to it.
  var colorDepth: ColorDepth { get }
  /// Shows `grid`, writing only the cells that differ from the previous frame (everything after a
  /// resize or `restore`).
  func draw(_ grid: CellGrid)
  /// The next key, paste or mouse event, waiting at most `timeout`; nil if none arrived (lets
  /// the UI do deferred work, such as re-filtering once typing pauses).
  func readInput(timeout: Duration) -> InputEvent?
  /// Passes `sequence` to the terminal as is, for escape sequences it acts on without drawing
  /// anything (OSC 52: set the clipboard).
  func send(_ sequence: [UInt8])
  /// Gives the terminal back temporarily (e.g. to run a shell or pager).
  func suspend()
  /// Takes the terminal again after `suspend`; the next `draw` repaints everything.
  func restore()
}
