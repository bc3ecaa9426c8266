import CNcursesw
import Foundation

/// The real terminal, through ncursesw. All curses calls are serialised by `lock`, so
/// `TerminalSession` can restore the terminal from its signal-handling thread at any moment.
/// Never print to stdout while it is active: curses owns the screen.
public final class CursesBackend: TerminalBackend, @unchecked Sendable {
  /// Whether the locale is UTF-8; if not, `glyphs` is ASCII and non-ASCII text shows as "?".
  public let isUTF8: Bool
  /// Colours in use: detection capped by what curses reports (`COLORS`) and at 256, because
  /// curses colour pairs address palette entries, not 24-bit colours.
  public let colorDepth: ColorDepth
  /// Border and ellipsis glyphs suitable for the locale.
  public var glyphs: BorderGlyphs { isUTF8 ? .unicode : .ascii }
  let lock = NSLock()
  private let screen: OpaquePointer
  private let pairs: CursesColorPairs
  private var previous: CellGrid?
  private var pendingKeys: [Key] = []
  private var active = true

  /// Takes over the terminal: locale from the environment, cbreak, no echo, keypad, no newline
  /// translation, hidden cursor, 25 ms ESCDELAY, colours with the terminal's defaults.
  init(environment: [String: String], noColorFlag: Bool) throws(TerminalError) {
    setlocale(LC_ALL, "")
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw .notATerminal
    }
    guard let screen = stagemon_newterm() else {
      throw .cannotInitialize(term: environment["TERM"] ?? "")
    }
    self.screen = screen
    set_term(screen)
    isUTF8 = stagemon_locale_is_utf8() != 0
    let colors = CursesBackend.configureTerminal()
    colorDepth = min(
      ColorDepth.detect(
        environment: environment, noColorFlag: noColorFlag, terminalColors: colors.count),
      ColorDepth.depth(forColorCount: colors.count), .color256)
    pairs = CursesColorPairs(
      pairLimit: stagemon_color_pairs(), defaultColorsWork: colors.defaultsWork)
  }

  /// Terminal modes; returns the colour count (0 without colour) and whether -1 (the
  /// terminal's default colour) is usable.
  private static func configureTerminal() -> (count: Int, defaultsWork: Bool) {
    let window = stagemon_stdscr()
    cbreak()
    noecho()
    nonl()
    keypad(window, true)
    intrflush(window, false)
    curs_set(0)
    _ = stagemon_set_escdelay(25)
    guard has_colors() else { return (0, false) }
    start_color()
    let defaultsWork = use_default_colors() != ERR
    return (Int(stagemon_colors()), defaultsWork)
  }

  /// The current size as curses knows it (updated on KEY_RESIZE).
  public var size: TerminalSize {
    lock.withLock {
      var rows: Int32 = 0
      var columns: Int32 = 0
      stagemon_getmaxyx(stagemon_stdscr(), &rows, &columns)
      return TerminalSize(width: Int(columns), height: Int(rows))
    }
  }

  /// Writes the changed cells, then one `wnoutrefresh` + `doupdate`. Erases first only when the
  /// whole screen is repainted (first frame, resize, restore).
  public func draw(_ grid: CellGrid) {
    lock.withLock {
      guard active else { return }
      let window = stagemon_stdscr()
      if previous == nil || previous?.width != grid.width || previous?.height != grid.height {
        werase(window)
      }
      for change in GridDiff.changes(from: previous, to: grid) {
        write(change.cell, x: change.x, y: change.y, window: window)
      }
      wnoutrefresh(window)
      doupdate()
      previous = grid
    }
  }

  private func write(_ cell: Cell, x: Int, y: Int, window: UnsafeMutablePointer<WINDOW>?) {
    let style = cell.style.downgraded(to: colorDepth)
    let pair = pairs.pair(foreground: style.foreground, background: style.background)
    var scalars = cell.symbol.unicodeScalars.prefix(4).map { wchar_t(bitPattern: $0.value) }
    if !isUTF8 {
      scalars = scalars.map { $0 < 0x80 ? $0 : wchar_t(UInt8(ascii: "?")) }.prefix(1).map { $0 }
    }
    scalars.append(0)
    var character = cchar_t()
    guard setcchar(&character, scalars, attributes(of: style), pair, nil) != ERR else { return }
    mvwadd_wch(window, Int32(y), Int32(x), &character)
  }

  /// Curses attribute bits per text attribute, built once rather than per written cell.
  private static let attributeTable: [(TextAttributes, attr_t)] = [
    (.bold, stagemon_a_bold()), (.underline, stagemon_a_underline()),
    (.reverse, stagemon_a_reverse()), (.dim, stagemon_a_dim()), (.italic, stagemon_a_italic()),
  ]

  private func attributes(of style: Style) -> attr_t {
    Self.attributeTable.reduce(stagemon_a_normal()) { result, entry in
      style.attributes.contains(entry.0) ? result | entry.1 : result
    }
  }

  /// Waits up to `timeout` for a key, in slices of at most 50 ms so a signal can take the lock
  /// and restore the terminal promptly.
  public func readKey(timeout: Duration) -> Key? {
    if !pendingKeys.isEmpty { return pendingKeys.removeFirst() }
    let total = Int(
      timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
    var waited = 0
    repeat {
      let slice = min(50, max(0, total - waited))
      if let key = lock.withLock({ readOneKey(milliseconds: slice) }) { return key }
      waited += slice
    } while waited < total
    return nil
  }

  private func readOneKey(milliseconds: Int) -> Key?? {
    guard active else { return nil }
    let window = stagemon_stdscr()
    wtimeout(window, Int32(milliseconds))
    var code: wint_t = 0
    switch wget_wch(window, &code) {
    case KEY_CODE_YES:
      if Int32(code) == KEY_RESIZE { previous = nil }
      return .some(KeyDecoder.decode(cursesKeyCode: Int32(code)))
    case OK where code == 0x1B:
      return .some(readEscapeSequence(window))
    case OK:
      return .some(KeyDecoder.decode(cursesCharacter: UInt32(code)))
    default:
      return nil
    }
  }

  /// ESC read as a character: gathers whatever bytes are already waiting and decodes them as a
  /// raw escape sequence (covers sequences terminfo does not know, and Alt-key).
  private func readEscapeSequence(_ window: UnsafeMutablePointer<WINDOW>?) -> Key? {
    var bytes: [UInt8] = [0x1B]
    wtimeout(window, 0)
    var code: wint_t = 0
    while bytes.count < 16, wget_wch(window, &code) == OK,
      let scalar = Unicode.Scalar(UInt32(code))
    {
      bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
    var keys = KeyDecoder.decode(bytes: bytes)
    guard !keys.isEmpty else { return nil }
    let first = keys.removeFirst()
    pendingKeys.append(contentsOf: keys)
    return first
  }

  /// Leaves curses mode temporarily (`def_prog_mode` + `endwin`), e.g. to run a pager.
  public func suspend() {
    lock.withLock {
      guard active else { return }
      def_prog_mode()
      endwin()
    }
  }

  /// Re-enters curses mode after `suspend`; the next draw repaints everything.
  public func restore() {
    lock.withLock {
      guard active else { return }
      reset_prog_mode()
      previous = nil
    }
  }

  /// Ends curses for good and gives the terminal back in its original state. Idempotent; any
  /// later draw or read does nothing.
  func shutDown() {
    lock.withLock { shutDownLocked() }
  }

  /// `shutDown` for callers already holding `lock` (the signal path).
  func shutDownLocked() {
    guard active else { return }
    active = false
    endwin()
    delscreen(screen)
  }
}
