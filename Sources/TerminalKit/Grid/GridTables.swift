/// The styles and multi-scalar graphemes a grid's cells refer to, each kept once. A frame uses a
/// few dozen styles (a theme's roles, some with attributes added), so a cell names its style
/// with two bytes instead of carrying it.
///
/// Entries are only appended while a grid lives, so an older copy of the grid (the frame a
/// backend drew last) has a prefix of these tables and its cells mean the same values
/// (`agrees(with:)`). `CellGrid.clear` starts the tables again once they hold more than
/// `resetThreshold` entries, so hostile text cannot make them grow without bound.
struct GridTables: Sendable {
  /// Styles by entry; entry 0 is `.plain`.
  private(set) var styles: [Style] = [.plain]
  /// Multi-scalar graphemes by entry.
  private(set) var clusters: [String] = []
  private var styleEntries: [Style: StyleID] = [.plain: StyleID(index: 0)]
  private var clusterEntries: [String: ClusterID] = [:]
  /// The last style looked up: consecutive writes nearly always repeat it, and comparing two
  /// styles is cheaper than hashing one.
  private var lastStyle = (style: Style.plain, id: StyleID(index: 0))

  /// Entries either table may hold before `CellGrid.clear` starts them again.
  static let resetThreshold = 4_096

  /// Whether either table has grown past `resetThreshold`.
  var isOversized: Bool {
    styles.count > Self.resetThreshold || clusters.count > Self.resetThreshold
  }

  /// The entry of `style`, added when new. A frame with more distinct styles than two bytes
  /// can name (65,536; a theme has about 30 roles) draws the rest in the plain style.
  mutating func id(of style: Style) -> StyleID {
    if lastStyle.style == style { return lastStyle.id }
    let id = styleEntries[style] ?? appendStyle(style)
    lastStyle = (style, id)
    return id
  }

  /// The style of entry `id`.
  func style(_ id: StyleID) -> Style {
    styles[Int(id.index)]
  }

  /// How a cell stores `symbol` (one grapheme, or the text `CellGrid.set` was given).
  mutating func glyph(for symbol: String) -> Glyph {
    var scalars = symbol.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return .continuation }
    if scalars.next() == nil { return .scalar(first) }
    if let id = clusterEntries[symbol] { return .cluster(id) }
    let id = ClusterID(index: UInt32(clusters.count))
    clusters.append(symbol)
    clusterEntries[symbol] = id
    return .cluster(id)
  }

  /// The text `glyph` shows; empty for a continuation.
  func symbol(of glyph: Glyph) -> String {
    switch glyph {
    case .scalar(let scalar): return String(Character(scalar))
    case .cluster(let id): return clusters[Int(id.index)]
    case .continuation: return ""
    }
  }

  /// The public form of `cell`.
  func cell(_ cell: StoredCell) -> Cell {
    Cell(symbol(of: cell.glyph), style: style(cell.style))
  }

  /// Whether equal entries in these tables and `other` mean equal values (one's tables begin
  /// with the other's), so two grids' stored cells can be compared as they are.
  func agrees(with other: GridTables) -> Bool {
    let (short, long) = styles.count <= other.styles.count ? (self, other) : (other, self)
    guard long.styles.starts(with: short.styles) else { return false }
    let (fewer, more) = clusters.count <= other.clusters.count ? (self, other) : (other, self)
    return more.clusters.starts(with: fewer.clusters)
  }

  private mutating func appendStyle(_ style: Style) -> StyleID {
    guard styles.count <= Int(UInt16.max) else { return StyleID(index: 0) }
    let id = StyleID(index: UInt16(styles.count))
    styles.append(style)
    styleEntries[style] = id
    return id
  }
}
