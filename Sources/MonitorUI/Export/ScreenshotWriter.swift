import Foundation
import Glibc
import InputKit
import StageEngine
import TerminalKit

/// `:screenshot [FILE]`: the current frame, exactly as rendered in memory, written three times —
/// `FILE.txt` (plain text), `FILE.ans` (with ANSI colours; `cat` shows it) and `FILE.svg` (a
/// picture for a README or a bug report). Without a FILE the name comes from the stage and the
/// virtual time, never overwriting an earlier one; a FILE that exists is refused, not replaced.
/// All three go through `SafeFile`, and if one fails the ones already written are removed.
public enum ScreenshotWriter {
  /// Writes `grid`; `file` (".txt"/".ans"/".svg" optional) or a fresh name in `directory`.
  /// Returns the three paths.
  public static func write(
    _ grid: CellGrid, file: String?, directory: String, stem: String
  ) throws(ScreenshotError) -> (text: String, ansi: String, svg: String) {
    let base: String
    if let file {
      base = try explicitBase(file)
    } else {
      base = try freshBase(in: directory, stem: stem)
    }
    let text = base + ".txt"
    let ansi = base + ".ans"
    let svg = base + ".svg"
    var written: [String] = []
    do {
      for (path, content) in [
        (text, GridExport.plainText(grid)), (ansi, GridExport.ansi(grid)),
        (svg, GridExport.svg(grid)),
      ] {
        try SafeFile.write(content, to: path)
        written.append(path)
      }
    } catch {
      for path in written { unlink(path) }
      throw ScreenshotError(path: error.path, reason: error.reason)
    }
    return (text, ansi, svg)
  }

  private static func explicitBase(_ file: String) throws(ScreenshotError) -> String {
    var base = file
    for suffix in [".txt", ".ans", ".svg"] where base.hasSuffix(suffix) {
      base.removeLast(suffix.count)
    }
    let folder = PathName.folder(of: base)
    guard SafeFolder.isFolder(folder) else {
      throw ScreenshotError(path: file, reason: "no folder \(folder) (create it first)")
    }
    return base
  }

  private static func freshBase(in directory: String, stem: String) throws(ScreenshotError)
    -> String
  {
    let base = "\(directory)/\(stem)"
    for attempt in 1...100 {
      let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
      let taken = [".txt", ".ans", ".svg"].contains { BoundedInput.exists(candidate + $0) }
      if !taken { return candidate }
    }
    throw ScreenshotError(path: base + ".txt", reason: "too many screenshots with this name")
  }
}

/// Why a screenshot could not be written, naming the file.
public struct ScreenshotError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file.
  public let path: String
  /// The cause.
  public let reason: String
  /// "cannot write the screenshot PATH: REASON".
  public var description: String { "cannot write the screenshot \(path): \(reason)" }
}

extension AppController {
  /// `:screenshot [FILE]`: renders the current screen and writes it as text, ANSI and SVG.
  func screenshot(to file: String?) {
    var grid = CellGrid(width: screenSize.width, height: screenSize.height, glyphs: screenGlyphs)
    Screen.render(state, into: &grid)
    let stamp = VirtualTime.iso8601(state.snapshot.time).filter { $0.isLetter || $0.isNumber }
    do {
      let paths = try ScreenshotWriter.write(
        grid, file: file, directory: options.saveDirectory,
        stem: "stagemon-\(state.stageID)-\(stamp)-screen")
      report(
        "screenshot \(grid.width)×\(grid.height): \(paths.text), \(paths.ansi) and \(paths.svg)",
        .success)
    } catch {
      report(error.description, .error)
    }
  }
}
