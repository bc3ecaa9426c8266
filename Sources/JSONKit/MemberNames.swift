/// The member names a reader looks for in many small objects of one shape
/// (`JSONStream.beginObject(matching:)`): a key is compared with them as bytes of the
/// input and named by its position, so no string is made for it. Up to 64 names are
/// matched; any further one is read as another key, which is still correct.
public struct MemberNames: Sendable {
  private let names: [String]
  private let utf8: [[UInt8]]

  /// The names, in the order their positions number them.
  public init(_ names: [String]) {
    self.names = Array(names.prefix(64))
    utf8 = self.names.map { Array($0.utf8) }
  }

  /// The name at `position`.
  public subscript(position: Int) -> String { names[position] }

  /// The key whose UTF-8 (valid, as the parser gives it) is `bytes`: also how a reader
  /// recognises one of a few known string values without making a string.
  public func key(_ bytes: ArraySlice<UInt8>) -> MemberKey {
    let position = bytes.withUnsafeBufferPointer { bytes in
      utf8.firstIndex { name in
        name.count == bytes.count && name.withUnsafeBufferPointer { $0.elementsEqual(bytes) }
      }
    }
    return position.map(MemberKey.known) ?? .other(String(decoding: bytes, as: UTF8.self))
  }

  /// No names: every key is another key.
  static let none = MemberNames([])
}

/// An object member's key as `JSONStream.beginObject(matching:)` reads it.
public enum MemberKey: Equatable, Sendable {
  /// The name at this position of the `MemberNames`.
  case known(Int)
  /// Any other key.
  case other(String)

  /// The key as text, `names` being those it was matched against.
  public func name(in names: MemberNames) -> String {
    switch self {
    case .known(let position): return names[position]
    case .other(let key): return key
    }
  }
}
