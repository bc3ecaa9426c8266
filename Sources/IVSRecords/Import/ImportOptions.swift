import StageEngine

/// What the support engineer adds to the records: the SDK each participant really ran
/// (`--sdk ID=PLATFORM@VERSION`) and hypothetical viewers (`--observer ID=PLATFORM@VERSION`,
/// "what would an Android 1.36.0 viewer have seen?").
public struct ImportOptions: Sendable {
  /// Known SDK profiles, in the order given.
  public var sdks: [(id: String, sdk: SDKProfile)] = []
  /// Hypothetical subscribe-only viewers present the whole session.
  public var observers: [(id: String, sdk: SDKProfile)] = []

  /// No additions.
  public init() {}

  /// Parses `ID=PLATFORM@VERSION`; `option` names the flag in the message.
  public static func assignment(_ text: String, option: String) throws(ImportUsageError) -> (
    id: String, sdk: SDKProfile
  ) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw ImportUsageError(
        "\(option) \(text): expected ID=PLATFORM@VERSION, e.g. carol=android@1.36.0")
    }
    let id = String(text[..<equals])
    do {
      return (id, try SDKProfile(parsing: String(text[text.index(after: equals)...])))
    } catch {
      throw ImportUsageError("\(option) \(text): \(error)")
    }
  }
}

/// A mistake in how the importer was asked (exit 2): an `--sdk` for a participant the
/// records do not have, a bad profile, an observer ID already taken.
public struct ImportUsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public let message: String
  /// Creates an error.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}
