import InputKit

/// A position in a record file, for messages: `file: document 2.events[3].eventTime`. The
/// last array index is kept as a number and written only when the place is shown, so
/// reading a million events builds no million strings; the file and the path before that
/// index are one shared reference, so an event holding its place stays small to copy.
struct RecordPlace: CustomStringConvertible, Equatable, Sendable {
  /// The file and the path up to the last index, shared by every element of one array.
  private final class Container: Sendable {
    let file: String
    let base: String
    init(file: String, base: String) {
      self.file = file
      self.base = base
    }
  }

  private let container: Container
  private let element: Int?

  init(file: String, path: String) {
    container = Container(file: file, base: path)
    element = nil
  }

  private init(container: Container, element: Int) {
    self.container = container
    self.element = element
  }

  var file: String { container.file }

  /// `document 2.events[3]`.
  var path: String { element.map { "\(container.base)[\($0)]" } ?? container.base }

  func member(_ name: String) -> RecordPlace {
    let path = path
    return RecordPlace(file: file, path: path.isEmpty ? name : "\(path).\(name)")
  }

  /// Element `index` of the array at this place; the elements of one array share its
  /// container (no allocation per element).
  func index(_ index: Int) -> RecordPlace {
    guard element == nil else {
      return RecordPlace(container: Container(file: file, base: path), element: index)
    }
    return RecordPlace(container: container, element: index)
  }

  var description: String {
    let path = path
    return path.isEmpty ? file : "\(file): \(path)"
  }

  static func == (a: RecordPlace, b: RecordPlace) -> Bool { a.description == b.description }

  func error(_ message: String) -> RecordError {
    RecordError(file: file, location: path, message: message)
  }

  /// Milliseconds of the timestamp in this place's member `name`, or an error there saying
  /// which forms are read. The member's place is spelled out only for the error: a million
  /// events' timestamps build no million strings.
  func timestamp(_ text: String, member name: String) throws(RecordError) -> Int64 {
    guard let milliseconds = RecordTime.milliseconds(text) else {
      throw badTimestamp(text, member: name)
    }
    return milliseconds
  }

  /// As `timestamp(_:member:)`, from the timestamp's UTF-8 (made a string only for the error).
  func timestamp(utf8: ArraySlice<UInt8>, member name: String) throws(RecordError) -> Int64 {
    guard let milliseconds = RecordTime.milliseconds(utf8: utf8.span) else {
      throw badTimestamp(String(decoding: utf8, as: UTF8.self), member: name)
    }
    return milliseconds
  }

  private func badTimestamp(_ text: String, member name: String) -> RecordError {
    member(name).error(
      "bad timestamp \(Excerpt.quoted(text)); expected ISO 8601 such as 2023-04-26T20:36:28+00:00, "
        + "2023-04-26T20:30:29.602000+00:00 or 2026-04-20T10:02:11Z")
  }
}
