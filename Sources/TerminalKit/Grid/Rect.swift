/// A rectangle of cells, origin at the top left. Layout code splits the screen `Rect` into pane
/// rects and renders each pane into its own rect.
public struct Rect: Hashable, Sendable {
  /// Left column.
  public var x: Int
  /// Top row.
  public var y: Int
  /// Number of columns (never negative).
  public var width: Int
  /// Number of rows (never negative).
  public var height: Int

  /// Creates a rect; negative sizes are clamped to 0 so layout arithmetic on tiny terminals
  /// cannot produce nonsense.
  public init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// Whether the rect has no cells (a pane squeezed out by a small terminal).
  public var isEmpty: Bool { width == 0 || height == 0 }
  /// One past the rightmost column.
  public var maxX: Int { x + width }
  /// One past the bottom row.
  public var maxY: Int { y + height }

  /// Whether the cell at (x, y) lies inside.
  public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }

  /// The rect shrunk by `amount` on every side, e.g. the inside of a border.
  public func inset(by amount: Int) -> Rect {
    Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }

  /// The overlap of two rects (empty when they do not overlap).
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    return Rect(
      x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
  }

  /// Splits into side-by-side rects, left to right, sized by `constraints`.
  public func columns(_ constraints: [LayoutConstraint]) -> [Rect] {
    LayoutConstraint.sizes(constraints, total: width).reduce(into: [Rect]()) { rects, size in
      let left = rects.last?.maxX ?? x
      rects.append(Rect(x: left, y: y, width: size, height: height))
    }
  }

  /// Splits into stacked rects, top to bottom, sized by `constraints`.
  public func rows(_ constraints: [LayoutConstraint]) -> [Rect] {
    LayoutConstraint.sizes(constraints, total: height).reduce(into: [Rect]()) { rects, size in
      let top = rects.last?.maxY ?? y
      rects.append(Rect(x: x, y: top, width: width, height: size))
    }
  }
}
