/// One problem found while loading a theme, precise enough to fix the file: which file, which
/// line, which key, and what is wrong. Loading never fails; it reports these instead.
public struct ThemeDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// Whether the problem lost information (error) or was merely filled in (warning).
  public enum Severity: String, Hashable, Sendable {
    /// A line was skipped or a file could not be used.
    case error
    /// Something was filled in from the default (e.g. a missing role).
    case warning
  }

  /// Error or warning.
  public var severity: Severity
  /// The theme file path (or the requested name when no file was found).
  public var file: String
  /// 1-based line number, when the problem is on a line.
  public var line: Int?
  /// The key (role or `name`) the problem concerns, when known.
  public var key: String?
  /// What is wrong, in words.
  public var message: String

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, file: String, line: Int? = nil, key: String? = nil, message: String
  ) {
    self.severity = severity
    self.file = file
    self.line = line
    self.key = key
    self.message = message
  }

  /// `file:line: error: key 'x': message`, the familiar compiler shape.
  public var description: String {
    let location = line.map { "\(file):\($0)" } ?? file
    let subject = key.map { "key '\($0)': " } ?? ""
    return "\(location): \(severity.rawValue): \(subject)\(message)"
  }
}
