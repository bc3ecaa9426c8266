import Foundation
import Testing

@testable import MonitorUI

/// docs/MONITOR.md's key table is the keymap's: it fails when the file is stale. Regenerate
/// after changing a binding with `STAGEMON_UPDATE_DOCS=1 swift test --filter KeyTableDocTests`.
@Suite struct KeyTableDocTests {
  static let document = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/MONITOR.md")

  @Test func theManualsKeyTableIsGeneratedFromTheKeymap() throws {
    let text = try String(contentsOf: Self.document, encoding: .utf8)
    let updated = try #require(
      KeyTable.updating(text), "docs/MONITOR.md lacks the key table's marker lines")
    if ProcessInfo.processInfo.environment["STAGEMON_UPDATE_DOCS"] == "1", updated != text {
      try updated.write(to: Self.document, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      updated == text,
      "docs/MONITOR.md's key table is stale: STAGEMON_UPDATE_DOCS=1 swift test --filter KeyTableDocTests"
    )
  }

  @Test func everyBindingIsARowWithItsKeysActionAndWords() {
    let table = KeyTable.markdown()
    let rows = table.split(separator: "\n").dropFirst(2)
    #expect(rows.count == Keymap.standard.bindings.count)
    #expect(table.contains("| `x` | `exchange` | token deck:"))
    #expect(table.contains("| `+` | `start-composition` |"))
    #expect(table.contains("in composition"))
  }

  @Test func aPipeInAKeyOrSentenceIsEscaped() {
    let keymap = Keymap(bindings: [
      KeyBinding([.character("|")], .help, label: "pipe", help: "a | b")
    ])
    #expect(KeyTable.markdown(keymap).contains("| `\\|` | `help` | a \\| b |"))
  }
}
