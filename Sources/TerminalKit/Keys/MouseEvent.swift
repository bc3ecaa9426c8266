/// A mouse report in screen cells (0-based), decoded from SGR (`ESC [ < b ; x ; y M/m`) or
/// legacy X10 (`ESC [ M b x y`) sequences, so the UI can hit-test it against its layout.
public struct MouseEvent: Hashable, Sendable {
  /// Which button or wheel direction.
  public enum Button: Hashable, Sendable {
    /// The primary button.
    case left
    /// The middle button.
    case middle
    /// The secondary button.
    case right
    /// The wheel turned away from the user.
    case wheelUp
    /// The wheel turned towards the user.
    case wheelDown
    /// No button (motion with nothing held, or a legacy release).
    case none
  }

  /// What happened to the button.
  public enum Action: Hashable, Sendable {
    /// Pressed (every wheel step is a press).
    case press
    /// Released.
    case release
    /// Moved with the button held (mode 1002).
    case drag
  }

  /// The button.
  public let button: Button
  /// The action.
  public let action: Action
  /// Column, 0-based.
  public let x: Int
  /// Row, 0-based.
  public let y: Int
  /// Shift, Alt (Meta) and Control held, as the terminal reports them.
  public let modifiers: Modifiers

  /// Keys held during a mouse event.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates modifiers from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1)
    /// Alt / Meta.
    public static let alt = Modifiers(rawValue: 2)
    /// Control.
    public static let control = Modifiers(rawValue: 4)
  }

  /// Creates a mouse event.
  public init(
    _ button: Button, _ action: Action, x: Int, y: Int, modifiers: Modifiers = []
  ) {
    self.button = button
    self.action = action
    self.x = x
    self.y = y
    self.modifiers = modifiers
  }

  /// Whether this is a wheel step.
  public var isWheel: Bool { button == .wheelUp || button == .wheelDown }

  /// Decodes the button code and 1-based coordinates of a report; nil for codes the UI has no
  /// use for (extra buttons, horizontal wheel) or coordinates out of range.
  static func decode(code: Int, x: Int, y: Int, released: Bool) -> MouseEvent? {
    guard (1...maximumCoordinate).contains(x), (1...maximumCoordinate).contains(y),
      (0...255).contains(code)
    else { return nil }
    let modifiers = Modifiers(rawValue: (code >> 2) & 0b111)
    let motion = code & 32 != 0
    let button: Button
    switch (code & 0b1100_0011, code & 64 != 0) {
    case (0, false): button = .left
    case (1, false): button = .middle
    case (2, false): button = .right
    case (3, false): button = .none
    case (64, true): button = .wheelUp
    case (65, true): button = .wheelDown
    default: return nil
    }
    if button == .none {
      // Legacy reports say "released" without naming the button; motion with nothing held
      // is never asked for.
      return motion ? nil : MouseEvent(.none, .release, x: x - 1, y: y - 1, modifiers: modifiers)
    }
    let action: Action = released ? .release : (motion ? .drag : .press)
    return MouseEvent(button, action, x: x - 1, y: y - 1, modifiers: modifiers)
  }

  /// Coordinates beyond this are garbage, not a terminal.
  static let maximumCoordinate = 10_000
}
