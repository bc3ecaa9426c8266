import CNcursesw
import Foundation
import InputKit
import Synchronization

/// The real terminal: output through ncursesw, input read from stdin as bytes and decoded by
/// `KeyDecoder` (so pastes and mouse reports arrive whole, exactly as tests and the fuzzer feed
/// them). All curses calls are serialised by `screen`'s lock, so `TerminalSession` can restore
/// the terminal from its signal-handling thread at any moment. Never print to stdout while it is
/// active: curses owns the screen.
public final class CursesBackend: TerminalBackend, Sendable {
  /// Whether the locale is UTF-8; if not, `glyphs` is ASCII and non-ASCII text shows as "?".
  public let isUTF8: Bool
  /// Colours in use: detection capped by what curses reports (`COLORS`) and at 256, because
  /// curses colour pairs address palette entries, not 24-bit colours.
  public let colorDepth: ColorDepth
  /// Border and ellipsis glyphs suitable for the locale.
  public var glyphs: BorderGlyphs { isUTF8 ? .unicode : .ascii }
  private let screen: Mutex<Screen>
  private let mouse: Bool
  /// The bytes read but not yet decoded: only the thread that reads keys takes this lock, so
  /// it is never waited for.
  private let input = Mutex(InputQueue())

  /// What the lock guards besides the curses calls: curses' screen and colour pairs, the frame
  /// last drawn, whether curses is still on, and the size last seen.
  private struct Screen {
    let cursesScreen: OpaquePointer
    let pairs: CursesColorPairs
    var previous: CellGrid?
    var active = true
    var lastSize = TerminalSize(width: 0, height: 0)
  }

  /// Takes over the terminal: locale from the environment, cbreak, no echo, no newline
  /// translation, hidden cursor, colours with the terminal's defaults, bracketed paste and (with
  /// `mouse`) SGR mouse reporting.
  init(environment: [String: String], noColorFlag: Bool, mouse: Bool) throws(TerminalError) {
    setlocale(LC_ALL, "")
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw .notATerminal
    }
    guard let cursesScreen = stagemon_newterm() else {
      throw .cannotInitialize(term: environment["TERM"] ?? "")
    }
    set_term(cursesScreen)
    isUTF8 = stagemon_locale_is_utf8() != 0
    let colors = CursesBackend.configureTerminal()
    colorDepth = min(
      ColorDepth.detect(
        environment: environment, noColorFlag: noColorFlag, terminalColors: colors.count),
      ColorDepth.depth(forColorCount: colors.count), .color256)
    let pairs = CursesColorPairs(
      pairLimit: stagemon_color_pairs(), defaultColorsWork: colors.defaultsWork)
    self.mouse = mouse
    let initialSize = Self.kernelSize ?? Self.cursesSize
    screen = Mutex(Screen(cursesScreen: cursesScreen, pairs: pairs, lastSize: initialSize))
    TerminalModes.enable(mouse: mouse)
  }

  /// Terminal modes; returns the colour count (0 without colour) and whether -1 (the
  /// terminal's default colour) is usable.
  private static func configureTerminal() -> (count: Int, defaultsWork: Bool) {
    let window = stagemon_stdscr()
    cbreak()
    noecho()
    nonl()
    intrflush(window, false)
    curs_set(0)
    guard has_colors() else { return (0, false) }
    start_color()
    let defaultsWork = use_default_colors() != ERR
    return (Int(stagemon_colors()), defaultsWork)
  }

  /// The current size as curses knows it (updated on KEY_RESIZE).
  public var size: TerminalSize {
    screen.withLock { _ in Self.cursesSize }
  }

  /// The size curses holds; called under the lock or before there is one.
  private static var cursesSize: TerminalSize {
    var rows: Int32 = 0
    var columns: Int32 = 0
    stagemon_getmaxyx(stagemon_stdscr(), &rows, &columns)
    return TerminalSize(width: Int(columns), height: Int(rows))
  }

  /// Writes the changed cells, then one `wnoutrefresh` + `doupdate`. Erases first only when the
  /// whole screen is repainted (first frame, resize, restore).
  public func draw(_ grid: CellGrid) {
    screen.withLock { screen in
      guard screen.active else { return }
      let window = stagemon_stdscr()
      let previous = screen.previous
      if previous == nil || previous?.width != grid.width || previous?.height != grid.height {
        werase(window)
      }
      for change in GridDiff.changes(from: previous, to: grid) {
        write(change.cell, x: change.x, y: change.y, window: window, pairs: screen.pairs)
      }
      wnoutrefresh(window)
      doupdate()
      screen.previous = grid
    }
  }

  private func write(
    _ cell: Cell, x: Int, y: Int, window: UnsafeMutablePointer<WINDOW>?, pairs: CursesColorPairs
  ) {
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

  /// Waits up to `timeout` for input, in slices of at most 50 ms so a signal can take the lock
  /// and a resize is noticed promptly. An escape sequence or paste that has started is waited
  /// for a little longer (`InputQueue`), so it is never cut into keys.
  public func readInput(timeout: Duration) -> InputEvent? {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    return input.withLock { input in
      while true {
        if let event = input.next() { return event }
        if screen.withLock({ resizeIfNeeded(&$0) }) { return .key(.resize) }
        let now = clock.now
        guard now < deadline || input.isWaitingForRest else { return nil }
        let wait = min(.milliseconds(50), input.isWaitingForRest ? input.patience : deadline - now)
        input.receive(readBytes(waiting: wait), at: clock.now)
      }
    }
  }

  /// Bytes from stdin once some arrive within `wait` (empty if none did).
  private func readBytes(waiting wait: Duration) -> [UInt8] {
    guard screen.withLock({ $0.active }) else { return [] }
    let milliseconds = Int32(
      wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, max(0, milliseconds)) > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    return count > 0 ? Array(buffer[0..<count]) : []
  }

  /// The size the kernel reports, if it reports one.
  private static var kernelSize: TerminalSize? {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard stagemon_terminal_size(&rows, &columns) == 0 else { return nil }
    return TerminalSize(width: Int(columns), height: Int(rows))
  }

  /// Tells curses about a new terminal size; returns whether there was one. The next draw
  /// repaints everything.
  private func resizeIfNeeded(_ screen: inout Screen) -> Bool {
    guard screen.active, let current = Self.kernelSize, current != screen.lastSize else {
      return false
    }
    screen.lastSize = current
    resizeterm(Int32(current.height), Int32(current.width))
    // The next draw clears and repaints every cell, inside the alternate screen: leaving it and
    // entering it again would show the shell for a moment on every step of a drag.
    clearok(stagemon_stdscr(), true)
    screen.previous = nil
    return true
  }

  /// Writes `sequence` straight to the terminal after the last frame (curses has flushed it),
  /// under the lock so it never lands inside a frame.
  public func send(_ sequence: [UInt8]) {
    screen.withLock { screen in
      guard screen.active else { return }
      try? WriteLoop.write(sequence, to: STDOUT_FILENO)
    }
  }

  /// Leaves curses mode temporarily (`def_prog_mode` + `endwin`), e.g. to run a pager.
  public func suspend() {
    screen.withLock { screen in
      guard screen.active else { return }
      TerminalModes.write(TerminalModes.allOff)
      def_prog_mode()
      endwin()
    }
  }

  /// Re-enters curses mode after `suspend`; the next draw repaints everything.
  public func restore() {
    screen.withLock { screen in
      guard screen.active else { return }
      reset_prog_mode()
      TerminalModes.enable(mouse: mouse)
      screen.previous = nil
    }
  }

  /// Ends curses for good and gives the terminal back in its original state. Idempotent; any
  /// later draw or read does nothing.
  func shutDown() {
    screen.withLock { shutDown(&$0) }
  }

  /// The signal path: waits for any curses call in flight, ends curses, then runs `exit` (which
  /// does not return) still holding the lock, so no other thread draws again.
  func shutDown(thenExit exit: () -> Never) -> Never {
    screen.withLock { screen in
      shutDown(&screen)
      exit()
    }
  }

  private func shutDown(_ screen: inout Screen) {
    guard screen.active else { return }
    screen.active = false
    TerminalModes.write(TerminalModes.allOff)
    endwin()
    delscreen(screen.cursesScreen)
  }
}
