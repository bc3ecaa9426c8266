/// A cell as `CellGrid` stores it: plain values, no `String` and no reference count, so that
/// clearing a row is a bulk fill, writing a character is one store, and comparing two frames'
/// rows compares values. `Cell` (a grapheme as a `String` and a `Style`) is what the grid hands
/// out; `GridTables` turns one into the other.
struct StoredCell: Hashable, Sendable {
  /// What the cell shows.
  var glyph: Glyph
  /// Its style, as an entry of the grid's style table.
  var style: StyleID
}

/// What a stored cell shows. Nearly every grapheme on screen is one scalar and is kept as it is;
/// the rare grapheme of several scalars (a letter with combining marks, an emoji sequence) is
/// kept once in the grid's cluster table and named by its entry.
enum Glyph: Hashable, Sendable {
  /// A grapheme of one scalar.
  case scalar(Unicode.Scalar)
  /// A grapheme of several scalars, an entry of `GridTables`' clusters.
  case cluster(ClusterID)
  /// The right half of a wide grapheme.
  case continuation

  /// A space: what a cleared cell shows.
  static let space = Glyph.scalar(" ")
}

/// An entry of a grid's style table.
struct StyleID: Hashable, Sendable {
  /// The entry's position in the table.
  var index: UInt16
}

/// An entry of a grid's cluster table.
struct ClusterID: Hashable, Sendable {
  /// The entry's position in the table.
  var index: UInt32
}
