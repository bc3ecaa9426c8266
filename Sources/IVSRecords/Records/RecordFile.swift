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
  /// The largest regular file read whole, once, rather than streamed (opened three times):
  /// the stream's window holds this much anyway, and a folder of 100,000 one-event files is
  /// read at one open each.
  static let wholeBytes = 1 << 20

  /// Reads the record file at `path` (`-`: standard input), at most `limit` bytes. A regular
  /// file of up to `wholeBytes` is read whole; a larger one of JSON (UTF-8, or UTF-16 made
  /// UTF-8 a chunk at a time) is read as a stream three times — its first bytes to see what
  /// it is, all to count its documents, all to parse them — and never held whole; on any problem it is read again whole, so messages are
  /// exactly `read(bytes:file:)`'s. Pipes, FIFOs and standard input, which can be read only
  /// once, and text that is not JSON (CLI output, an AWS error) are read whole (within
  /// `limit`).
  /// A file that cannot be read leaves the set as it was.
  public mutating func read(atPath path: String, limit: Int) throws(RecordReadError) {
    let mark = checkpoint()
    do {
      try readFile(atPath: path, limit: limit, rewinding: mark)
      commit()
    } catch {
      restore(mark)
      throw error
    }
  }

  private mutating func readFile(atPath path: String, limit: Int, rewinding mark: RecordCheckpoint)
    throws(RecordReadError)
  {
    let first = try Self.open(path, limit: limit)
    guard let size = first.regularFileSize, size > Self.wholeBytes else {
      return try readWhole(first, path)
    }
    var head: [UInt8] = []
    while head.count < Self.headBytes, let chunk = first.nextOrEnd() { head += chunk }
    if let failure = first.failure { throw .unreadable(failure) }
    guard let form = RecordText.streamForm(head) else {
      return try readWhole(try Self.open(path, limit: limit), path)
    }
    let counting = RecordChunks(try Self.open(path, limit: limit), form: form)
    var counter = JSONTextCounter()
    while let chunk = counting.next() { counter.take(chunk) }
    if let failure = counting.failure { throw .unreadable(failure) }
    guard counting.endedValid else { return try readWhole(try Self.open(path, limit: limit), path) }
    reserveEvents(counter.listedObjects)
    let parsing = RecordChunks(try Self.open(path, limit: limit), form: form)
    var stream = RecordStream(
      json: JSONStream(chunks: parsing.next, size: parsing.size), file: path)
    files.append(path)
    do {
      try read(&stream, several: counter.count > 1, file: path)
    } catch  where parsing.failure == nil {
      rewind(to: mark)
      return try readWhole(try Self.open(path, limit: limit), path)
    } catch {}
    if let failure = parsing.failure { throw .unreadable(failure) }
    // UTF-16 the counting read found whole but this one did not: the file changed between.
    if !parsing.endedValid {
      rewind(to: mark)
      try readWhole(try Self.open(path, limit: limit), path)
    }
  }

  /// Room for `more` events: exactly, for the first file (one file is the usual input, and
  /// its events are held to the end); at least doubled for a later one, as appending would,
  /// so a folder of many files is not copied once per file.
  mutating func reserveEvents(_ more: Int) {
    let needed = events.count + more
    guard needed > events.capacity else { return }
    events.reserveCapacity(events.isEmpty ? needed : max(needed, 2 * events.capacity))
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
