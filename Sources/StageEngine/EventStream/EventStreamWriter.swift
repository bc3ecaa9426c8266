import InputKit

/// The headless output formats (`--format jsonl|text`).
public enum EventStreamFormat: String, CaseIterable, Sendable {
  /// One SPEC §7 JSON object per line, for tools and golden files.
  case jsonl
  /// Aligned columns for people.
  case text
}

/// Why the event stream could not be written (e.g. a closed pipe or a full disk).
public struct EventStreamWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The failed write (`isBrokenPipe` for a closed pipe, which commands end on quietly).
  public let cause: SystemError

  /// "cannot write the event stream: REASON".
  public var description: String { "cannot write the event stream: \(cause)" }
}

/// Writes events to a file descriptor in a chosen format, buffering into one
/// reusable byte array and flushing in large chunks so that headless runs are
/// limited by rendering, not by system calls.
public final class EventStreamWriter {
  /// Bytes gathered before a write(2).
  public static let chunkSize = 1 << 18

  private let format: EventStreamFormat
  private let fileDescriptor: Int32
  private var jsonl = JSONLEventRenderer()
  private let text = TextEventRenderer()
  private var buffer: [UInt8] = []
  private var failure: EventStreamWriteError?

  /// Creates a writer to an open descriptor (which it does not close).
  public init(format: EventStreamFormat, fileDescriptor: Int32) {
    self.format = format
    self.fileDescriptor = fileDescriptor
    buffer.reserveCapacity(Self.chunkSize + 4096)
  }

  /// Renders `event`; flushes when a chunk is full. Errors surface from `flush()`.
  public func write(_ event: borrowing StageEvent) {
    switch format {
    case .jsonl: jsonl.render(event, into: &buffer)
    case .text: text.render(event, into: &buffer)
    }
    if buffer.count >= Self.chunkSize { writeOut() }
  }

  /// Renders every event in order, reading them in place rather than copying each.
  public func write(_ events: [StageEvent]) {
    events.withUnsafeBufferPointer { events in
      for index in events.indices { write(events[index]) }
    }
  }

  /// Writes whatever is buffered and reports the first write error, if any.
  public func flush() throws(EventStreamWriteError) {
    writeOut()
    if let failure { throw failure }
  }

  private func writeOut() {
    defer { buffer.removeAll(keepingCapacity: true) }
    guard failure == nil else { return }
    do {
      try WriteLoop.write(buffer, to: fileDescriptor)
    } catch {
      failure = EventStreamWriteError(cause: error)
    }
  }
}
