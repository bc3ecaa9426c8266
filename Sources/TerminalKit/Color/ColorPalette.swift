/// The xterm palette: RGB values of the 256 indexed colours and nearest-colour search, used to
/// downgrade colours to what a terminal supports.
enum ColorPalette {
  /// xterm's default RGB values for ANSI colours 0-15.
  static let ansi: [(UInt8, UInt8, UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// Channel levels of the 6×6×6 colour cube (indices 16-231).
  static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// RGB of a 256-colour index.
  static func rgb(ofIndex index: UInt8) -> (UInt8, UInt8, UInt8) {
    switch index {
    case 0..<16:
      return ansi[Int(index)]
    case 16..<232:
      let cube = Int(index) - 16
      return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
    default:
      let grey = UInt8(8 + 10 * (Int(index) - 232))
      return (grey, grey, grey)
    }
  }

  /// Nearest entry among indices 16-255 (the cube and grey ramp; 0-15 vary with user palettes).
  static func nearestExtendedIndex(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
    let cube = [red, green, blue].map(nearestLevel)
    let cubeIndex = UInt8(16 + 36 * cube[0] + 6 * cube[1] + cube[2])
    let average = (Int(red) + Int(green) + Int(blue)) / 3
    let greyStep = min(23, max(0, (average - 3) / 10))
    let greyIndex = UInt8(232 + greyStep)
    let target = (red, green, blue)
    return distance(rgb(ofIndex: greyIndex), target) < distance(rgb(ofIndex: cubeIndex), target)
      ? greyIndex : cubeIndex
  }

  /// Nearest of the 16 ANSI colours.
  static func nearestANSIIndex(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
    let target = (red, green, blue)
    let best = ansi.indices.min { distance(ansi[$0], target) < distance(ansi[$1], target) }
    return UInt8(best ?? 7)
  }

  private static func level(_ step: Int) -> UInt8 {
    UInt8(cubeLevels[step])
  }

  private static func nearestLevel(_ value: UInt8) -> Int {
    let levels = cubeLevels.indices
    return levels.min { abs(cubeLevels[$0] - Int(value)) < abs(cubeLevels[$1] - Int(value)) } ?? 0
  }

  private static func distance(_ lhs: (UInt8, UInt8, UInt8), _ rhs: (UInt8, UInt8, UInt8)) -> Int {
    let red = Int(lhs.0) - Int(rhs.0)
    let green = Int(lhs.1) - Int(rhs.1)
    let blue = Int(lhs.2) - Int(rhs.2)
    return red * red + green * green + blue * blue
  }
}
