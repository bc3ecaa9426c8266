import Testing

@testable import TerminalKit

@Suite struct MemoryBackendTests {
  private func frame(_ text: String, width: Int = 6, height: Int = 2) -> CellGrid {
    var grid = CellGrid(width: width, height: height)
    grid.put(text, x: 0, y: 0, style: Style(foreground: .red))
    return grid
  }

  @Test func firstFrameWritesEveryCell() {
    let backend = MemoryBackend(width: 6, height: 2)
    backend.draw(frame("hello"))
    #expect(backend.lastCellsWritten == 12)
    #expect(backend.screen.text() == ["hello ", "      "])
  }

  @Test func identicalSecondFrameWritesNothing() {
    let backend = MemoryBackend(width: 6, height: 2)
    backend.draw(frame("hello"))
    backend.draw(frame("hello"))
    #expect(backend.lastCellsWritten == 0)
    #expect(backend.totalCellsWritten == 12)
    #expect(backend.framesDrawn == 2)
  }

  @Test func oneChangedCellWritesOneCell() {
    let backend = MemoryBackend(width: 6, height: 2)
    backend.draw(frame("hello"))
    backend.draw(frame("hallo"))
    #expect(backend.lastCellsWritten == 1)
    #expect(backend.screen.text() == ["hallo ", "      "])
  }

  @Test func styleOnlyChangeIsWritten() {
    let backend = MemoryBackend(width: 6, height: 2)
    var grid = frame("hello")
    backend.draw(grid)
    grid.paint(Rect(x: 0, y: 0, width: 1, height: 1), style: Style(attributes: .bold))
    backend.draw(grid)
    #expect(backend.lastCellsWritten == 1)
    #expect(backend.screen.style(x: 0, y: 0) == Style(attributes: .bold))
  }

  @Test func wideCharacterReplacingTwoNarrowOnesIsOneWrite() {
    let backend = MemoryBackend(width: 6, height: 1)
    backend.draw(frame("ab", height: 1))
    backend.draw(frame("日", height: 1))
    #expect(backend.lastCellsWritten == 1)
    #expect(backend.screen.text() == ["日    "])
  }

  @Test func narrowReplacingWideRewritesTheFreedColumn() {
    let backend = MemoryBackend(width: 4, height: 1)
    backend.draw(frame("日x", width: 4, height: 1))
    backend.draw(frame("a x", width: 4, height: 1))
    #expect(backend.lastCellsWritten == 2)
    #expect(backend.screen.text() == ["a x "])
  }

  @Test func resizeQueuesKeyAndForcesFullRedraw() {
    let backend = MemoryBackend(width: 6, height: 2)
    backend.draw(frame("hello"))
    backend.resize(width: 4, height: 1)
    #expect(backend.size == TerminalSize(width: 4, height: 1))
    #expect(backend.readInput(timeout: .zero) == .key(.resize))
    backend.draw(frame("hey", width: 4, height: 1))
    #expect(backend.lastCellsWritten == 4)
  }

  @Test func restoreAfterSuspendForcesFullRedraw() {
    let backend = MemoryBackend(width: 6, height: 2)
    backend.draw(frame("hello"))
    backend.suspend()
    #expect(backend.isSuspended)
    backend.restore()
    backend.draw(frame("hello"))
    #expect(!backend.isSuspended)
    #expect(backend.lastCellsWritten == 12)
  }

  @Test func keysComeOutInOrderThenNil() {
    let backend = MemoryBackend(width: 1, height: 1)
    backend.feed([.character("q")])
    backend.feed(bytes: Array("\u{1B}[B".utf8))
    #expect(backend.readInput(timeout: .zero) == .key(.character("q")))
    #expect(backend.readInput(timeout: .zero) == .key(.down))
    #expect(backend.readInput(timeout: .milliseconds(10)) == nil)
  }

  @Test func noColourScreenKeepsAttributesOnly() {
    let backend = MemoryBackend(width: 3, height: 1, colorDepth: .none)
    var grid = CellGrid(width: 3, height: 1)
    grid.put("x", x: 0, y: 0, style: Style(foreground: .red, background: .blue, attributes: .bold))
    backend.draw(grid)
    #expect(backend.screen.style(x: 0, y: 0) == Style(attributes: .bold))
  }

  @Test func sixteenColourScreenDowngradesTrueColour() {
    let backend = MemoryBackend(width: 3, height: 1, colorDepth: .color16)
    var grid = CellGrid(width: 3, height: 1)
    grid.put("x", x: 0, y: 0, style: Style(foreground: .rgb(250, 0, 0)))
    backend.draw(grid)
    #expect(backend.screen.style(x: 0, y: 0)?.foreground == .ansi(9))
  }
}
