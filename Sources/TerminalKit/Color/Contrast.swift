import Foundation

/// WCAG 2 contrast of text as a terminal draws a theme's style, so "readable from the back of
/// the room" is a number a test checks for every bundled theme (AA: 4.5:1 for text).
///
/// Colours are xterm's default palette (`ColorPalette`). A theme that shows the terminal's own
/// colours (`default`, `background = terminal`) is measured as on a dark terminal: foreground
/// xterm's white (#e5e5e5) on black, the setting the bundled themes that rely on it are written
/// for. Reverse swaps the colours; dim is drawn half way between the text and its background,
/// as VTE-based terminals draw it.
public enum Contrast {
  /// The terminal's own foreground, as measured.
  static let terminalForeground: (UInt8, UInt8, UInt8) = (229, 229, 229)
  /// The terminal's own background, as measured.
  static let terminalBackground: (UInt8, UInt8, UInt8) = (0, 0, 0)

  /// The contrast ratio (1…21) of `style`'s text against the cells it sits on.
  public static func ratio(of style: Style) -> Double {
    let (foreground, background) = colours(of: style)
    let lighter = max(luminance(foreground), luminance(background))
    let darker = min(luminance(foreground), luminance(background))
    return (lighter + 0.05) / (darker + 0.05)
  }

  /// The text and background colours `style` is drawn in, as RGB.
  public static func colours(of style: Style) -> (
    text: (UInt8, UInt8, UInt8), background: (UInt8, UInt8, UInt8)
  ) {
    var text = rgb(style.foreground, fallback: terminalForeground)
    var background = rgb(style.background, fallback: terminalBackground)
    if style.isReversed { swap(&text, &background) }
    if style.attributes.contains(.dim) {
      text = (
        UInt8((Int(text.0) + Int(background.0)) / 2), UInt8((Int(text.1) + Int(background.1)) / 2),
        UInt8((Int(text.2) + Int(background.2)) / 2)
      )
    }
    return (text, background)
  }

  /// The RGB of `color` in xterm's palette; `fallback` for the terminal's own colour.
  static func rgb(_ color: Color, fallback: (UInt8, UInt8, UInt8)) -> (UInt8, UInt8, UInt8) {
    switch color {
    case .default: return fallback
    case .ansi(let index): return ColorPalette.rgb(ofIndex: index % 16)
    case .indexed(let index): return ColorPalette.rgb(ofIndex: index)
    case .rgb(let red, let green, let blue): return (red, green, blue)
    }
  }

  /// WCAG 2 relative luminance.
  static func luminance(_ colour: (UInt8, UInt8, UInt8)) -> Double {
    func linear(_ channel: UInt8) -> Double {
      let value = Double(channel) / 255
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(colour.0) + 0.7152 * linear(colour.1) + 0.0722 * linear(colour.2)
  }
}
