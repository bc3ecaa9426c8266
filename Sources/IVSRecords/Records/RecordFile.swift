import InputKit
import JSONKit

/// Why a record file could not be read: the input itself (missing, too large, a FIFO without
/// a writer…) or what it holds.
public enum RecordReadError: Error {
  /// The file could not be read.
  case unreadable(InputFileError)
  /// The file was read but its records are unusable.
  case invalid(RecordError)
}

/// Reading a record file from its path, as a stream: a 1 GB record costs its events, not its
/// bytes and tree beside them.
extension RecordSet {
  /// The first bytes of a file looked at before streaming it (a byte order mark, UTF-16, CLI
  /// text instead of JSON).
  static let headBytes = 4096

  /// Reads the record file at `path` (`-`: standard input), at most `limit` bytes. A regular
  /// file of UTF-8 JSON is read twice as a stream — once to count its documents, once to
  /// parse them — and never held whole; on any problem it is read again whole, so messages
  /// are exactly `read(bytes:file:)`'s. Pipes, FIFOs and standard input, which can be read
  /// only once, and UTF-16 or non-JSON text are read whole (within `limit`) as before.
  public mutating func read(atPath path: String, limit: Int) throws(RecordReadError) {
    let counting = try Self.open(path, limit: limit)
    guard counting.regularFileSize != nil else { return try readWhole(counting, path) }
    var head: [UInt8] = []
    while head.count < Self.headBytes, let chunk = counting.nextOrEnd() { head += chunk }
    if let failure = counting.failure { throw .unreadable(failure) }
    guard let mark = RecordText.plainJSONPrefix(head) else {
      return try readWhole(try Self.open(path, limit: limit), path)
    }
    var counter = JSONTextCounter()
    counter.take(head[mark...])
    while let chunk = counting.nextOrEnd() { counter.take(chunk) }
    if let failure = counting.failure { throw .unreadable(failure) }
    let before = self
    let parsing = try Self.open(path, limit: limit)
    var skip = mark
    let json = JSONStream(chunks: {
      guard let chunk = parsing.nextOrEnd() else { return nil }
      let dropped = min(skip, chunk.count)
      skip -= dropped
      return chunk.dropFirst(dropped)
    })
    var stream = RecordStream(json: json, file: path)
    files.append(path)
    do {
      try read(&stream, several: counter.count > 1, file: path)
    } catch  where parsing.failure == nil {
      self = before
      return try readWhole(try Self.open(path, limit: limit), path)
    } catch {}
    if let failure = parsing.failure { throw .unreadable(failure) }
  }

  private static func open(_ path: String, limit: Int) throws(RecordReadError)
    -> BoundedInput.Chunks
  {
    do {
      return try BoundedInput.Chunks(atPath: path, limit: limit, allowingUTF16: true)
    } catch {
      throw .unreadable(error)
    }
  }

  private mutating func readWhole(_ chunks: BoundedInput.Chunks, _ path: String)
    throws(RecordReadError)
  {
    let bytes: [UInt8]
    do {
      bytes = try chunks.readAll()
    } catch {
      throw .unreadable(error)
    }
    do {
      try read(bytes: bytes, file: path)
    } catch {
      throw .invalid(error)
    }
  }
}
