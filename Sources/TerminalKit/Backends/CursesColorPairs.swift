import CNcursesw

/// Allocates curses colour pairs on demand, one per foreground/background combination, and
/// falls back to the default pair when the terminal runs out (the text stays readable and keeps
/// its attributes; only that colour combination is lost).
final class CursesColorPairs {
  private struct Combination: Hashable {
    var foreground: Int16
    var background: Int16
  }

  private var pairs: [Combination: Int16] = [:]
  private var next: Int32 = 1
  private let limit: Int32
  private let defaultColorsWork: Bool
  /// Whether some combination could not get a pair (for diagnostics).
  private(set) var exhausted = false

  init(pairLimit: Int32, defaultColorsWork: Bool) {
    self.limit = min(pairLimit, Int32(Int16.max))
    self.defaultColorsWork = defaultColorsWork
  }

  /// The pair number for a (downgraded) foreground/background, allocating it if new.
  func pair(foreground: Color, background: Color) -> Int16 {
    let combination = Combination(
      foreground: number(of: foreground, fallback: COLOR_WHITE),
      background: number(of: background, fallback: COLOR_BLACK))
    if combination.foreground == -1 && combination.background == -1 { return 0 }
    if let pair = pairs[combination] { return pair }
    guard next < limit,
      init_pair(Int16(next), combination.foreground, combination.background) != ERR
    else {
      exhausted = true
      return 0
    }
    let pair = Int16(next)
    pairs[combination] = pair
    next += 1
    return pair
  }

  /// Forgets all pairs (after the terminal was re-initialised).
  func reset() {
    pairs = [:]
    next = 1
    exhausted = false
  }

  private func number(of color: Color, fallback: Int32) -> Int16 {
    switch color {
    case .default: return defaultColorsWork ? -1 : Int16(fallback)
    case .ansi(let index): return Int16(index % 16)
    case .indexed(let index): return Int16(index)
    case .rgb(let red, let green, let blue):
      return Int16(ColorPalette.nearestExtendedIndex(red, green, blue))
    }
  }
}
