import StageEngine

/// What the support engineer adds to the records: the SDK each participant really ran
/// (`--sdk ID=PLATFORM@VERSION`) and hypothetical viewers (`--observer ID=PLATFORM@VERSION`,
/// "what would an Android 1.36.0 viewer have seen?").
public struct ImportOptions: Sendable {
  /// Known SDK profiles, in the order given.
  public var sdks: [(id: String, sdk: SDKProfile)] = []
  /// Hypothetical subscribe-only viewers present the whole session.
  public var observers: [(id: String, sdk: SDKProfile)] = []
  /// A server-side composition the records do not have, added for a what-if
  /// (`--composition on-reconnect|live`).
  public var composition: CompositionConfiguration?
  /// The day of IVS the session is told as (`--as-of`); nil: as `datesFromRecords` says.
  public var asOf: ServiceDate?
  /// Without `asOf`: tell the session as IVS behaved on the day its records start (`explain`),
  /// rather than as the latest IVS stagemon knows.
  public var datesFromRecords = false

  /// No additions.
  public init() {}

  /// Parses `ID=P@V[,P@V…]`: several profiles to compare in one report (the first is the
  /// report's, each other a what-if).
  public static func assignments(_ text: String, option: String) throws(ImportUsageError) -> [(
    id: String, sdk: SDKProfile
  )] {
    guard let equals = text.firstIndex(of: "=") else {
      return [try assignment(text, option: option)]
    }
    let id = text[..<equals]
    var list: [(id: String, sdk: SDKProfile)] = []
    for profile in text[text.index(after: equals)...].split(
      separator: ",", omittingEmptySubsequences: false)
    {
      list.append(try assignment("\(id)=\(profile)", option: option))
    }
    return list
  }

  /// The options of each what-if: the `--sdk` profiles given more than once for one
  /// participant are taken in turn (the first of each in the first variant, …); one
  /// variant when none is.
  public var variants: [ImportOptions] {
    var ids: [String] = []
    var profiles: [String: [SDKProfile]] = [:]
    for (id, sdk) in sdks {
      if profiles[id] == nil { ids.append(id) }
      profiles[id, default: []].append(sdk)
    }
    let count = profiles.values.map(\.count).max() ?? 1
    return (0..<max(count, 1)).map { index in
      var variant = self
      variant.sdks = ids.compactMap { id in
        profiles[id].map { (id, $0[min(index, $0.count - 1)]) }
      }
      return variant
    }
  }

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
