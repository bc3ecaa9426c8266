/// Why a theme value could not be read, in words for the diagnostic.
public struct ThemeValueError: Error, Hashable, Sendable {
  /// What is wrong, e.g. `unknown colour or attribute "purpel"`.
  public var message: String

  /// Creates the error.
  public init(_ message: String) {
    self.message = message
  }
}
