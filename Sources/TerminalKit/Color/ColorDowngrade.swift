extension Color {
  /// This colour as the closest one available at `depth`: 24-bit to the nearest xterm-256 cube or
  /// grey entry, 256 to the nearest of the 16 ANSI colours, bright ANSI to normal for 8 colours,
  /// and anything to `.default` for `.none`.
  public func downgraded(to depth: ColorDepth) -> Color {
    switch (self, depth) {
    case (.default, _), (_, .trueColor): return self
    case (_, .none): return .default
    case (.rgb(let red, let green, let blue), .color256):
      return .indexed(ColorPalette.nearestExtendedIndex(red, green, blue))
    case (_, .color256): return self
    case (_, .color16): return .ansi(ansiIndex)
    case (_, .color8): return .ansi(ansiIndex % 8)
    }
  }

  /// The nearest of the 16 ANSI colours (xterm's default palette), as an index 0-15.
  private var ansiIndex: UInt8 {
    switch self {
    case .default: return 7
    case .ansi(let index): return index % 16
    case .indexed(let index) where index < 16: return index
    case .indexed(let index):
      let (red, green, blue) = ColorPalette.rgb(ofIndex: index)
      return ColorPalette.nearestANSIIndex(red, green, blue)
    case .rgb(let red, let green, let blue):
      return ColorPalette.nearestANSIIndex(red, green, blue)
    }
  }
}

extension Style {
  /// This style with both colours downgraded to `depth`. Attributes are always kept, so bold,
  /// underline and reverse still carry meaning without colour.
  public func downgraded(to depth: ColorDepth) -> Style {
    Style(
      foreground: foreground.downgraded(to: depth), background: background.downgraded(to: depth),
      attributes: attributes)
  }
}
