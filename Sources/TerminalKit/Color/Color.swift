/// A terminal colour as the UI asks for it; the backend downgrades it to what the terminal can
/// show (see `ColorDepth`), so renderers can always say exactly what they mean.
public enum Color: Hashable, Sendable {
  /// The terminal's own default foreground or background, so themes can respect the user's setup.
  case `default`
  /// One of the 16 classic ANSI colours (0-7 normal, 8-15 bright); values above 15 wrap to 0-15.
  case ansi(UInt8)
  /// An xterm 256-colour palette index.
  case indexed(UInt8)
  /// A 24-bit colour, used as-is on true-colour terminals.
  case rgb(UInt8, UInt8, UInt8)
}

extension Color {
  /// ANSI black (0), named so call sites and themes read naturally.
  public static let black = Color.ansi(0)
  /// ANSI red (1).
  public static let red = Color.ansi(1)
  /// ANSI green (2).
  public static let green = Color.ansi(2)
  /// ANSI yellow (3).
  public static let yellow = Color.ansi(3)
  /// ANSI blue (4).
  public static let blue = Color.ansi(4)
  /// ANSI magenta (5).
  public static let magenta = Color.ansi(5)
  /// ANSI cyan (6).
  public static let cyan = Color.ansi(6)
  /// ANSI white (7), usually light grey.
  public static let white = Color.ansi(7)
  /// ANSI bright black (8), usually dark grey.
  public static let brightBlack = Color.ansi(8)
  /// ANSI bright red (9).
  public static let brightRed = Color.ansi(9)
  /// ANSI bright green (10).
  public static let brightGreen = Color.ansi(10)
  /// ANSI bright yellow (11).
  public static let brightYellow = Color.ansi(11)
  /// ANSI bright blue (12).
  public static let brightBlue = Color.ansi(12)
  /// ANSI bright magenta (13).
  public static let brightMagenta = Color.ansi(13)
  /// ANSI bright cyan (14).
  public static let brightCyan = Color.ansi(14)
  /// ANSI bright white (15).
  public static let brightWhite = Color.ansi(15)
}
