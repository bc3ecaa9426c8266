/// The terminal's size in cells; layouts start from it.
public struct TerminalSize: Hashable, Sendable {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Creates a size; negative values become 0.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }
}
