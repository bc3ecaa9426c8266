import StageEngine

/// The report's side-by-side timeline written straight into bytes: a long record has one
/// line per recorded event, and building each line from interpolated and padded strings cost
/// more than running the model. The text is the same as the obvious string version
/// (`TimelineTextTests` compares them).
enum TimelineText {
  /// Appends one line per entry (two spaces of indent, a newline after each) to `out`.
  static func write(
    _ entries: RecordComparison.Entries, withDates: Bool, into out: inout [UInt8]
  ) {
    var seconds = Seconds(withDates: withDates)
    for position in entries.indices { write(entries, at: position, &seconds, into: &out) }
  }

  /// The text of the last second written: entries come in time order, so most share the
  /// second of the one before, and its date and time are worked out once.
  struct Seconds {
    let withDates: Bool
    private var second = Int64.min
    private var text: [UInt8] = []

    init(withDates: Bool) { self.withDates = withDates }

    /// Appends `VirtualTime.iso8601(second)`, without its first 11 characters (the date)
    /// unless `withDates`.
    mutating func write(_ second: Int64, into out: inout [UInt8]) {
      if second != self.second {
        self.second = second
        text.removeAll(keepingCapacity: true)
        VirtualTime.write(second, into: &text)
        if !withDates { text.removeFirst(min(text.count, 11)) }
      }
      out.append(contentsOf: text)
    }
  }

  /// `  TIME  STATUS  WHAT  model TIME #SEQ` and a newline, for the entry at `position`. Its
  /// events are read where they lie (`entries[position]` would copy both).
  private typealias Match = RecordComparison.Match

  private static func write(
    _ entries: RecordComparison.Entries, at position: Int, _ seconds: inout Seconds,
    into out: inout [UInt8]
  ) {
    let index = entries.order[position]
    let recorded = index < entries.recorded.count ? index : nil
    let unrecorded = recorded == nil ? index - entries.recorded.count : nil
    let model =
      recorded.flatMap { entries.matches[$0] }
      ?? unrecorded.map {
        Match(seq: entries.unrecorded[$0].seq, time: entries.unrecorded[$0].time)
      }
    let withDates = seconds.withDates
    append("  ", to: &out)
    let start = out.count
    let time = recorded.map { entries.recorded[$0].time } ?? model.map { $0.time * 1000 } ?? 0
    writeMilliseconds(time, &seconds, into: &out)
    pad(out.count - start, to: withDates ? 24 : 13, in: &out)
    append("  ", to: &out)
    append(status(recorded.map(entries.status(ofRecorded:)) ?? .missingInRecords), to: &out)
    append("  ", to: &out)
    var what = 0
    if let recorded {
      what = describe(entries.recorded, at: recorded, into: &out)
    } else if let unrecorded {
      what = describe(entries.unrecorded, at: unrecorded, into: &out)
    }
    pad(what, to: 44, in: &out)
    append("  ", to: &out)
    if let model {
      append("model ", to: &out)
      seconds.write(model.time, into: &out)
      out.removeLast()  // the `Z`
      append(" #", to: &out)
      append(String(model.seq), to: &out)
    }
    out.append(UInt8(ascii: "\n"))
  }

  /// `RecordTime.iso8601(milliseconds:)`, without its date unless `withDates`.
  private static func writeMilliseconds(
    _ milliseconds: Int64, _ seconds: inout Seconds, into out: inout [UInt8]
  ) {
    seconds.write(milliseconds.floorDivided(by: 1000), into: &out)
    // From the remainder, not `milliseconds - seconds * 1000`, which overflows near Int64.min.
    let fraction = Int((milliseconds % 1000 + 1000) % 1000)
    out.removeLast()  // the `Z`, written again after the fraction
    if fraction != 0 {
      out.append(UInt8(ascii: "."))
      out.append(UInt8(ascii: "0") + UInt8(fraction / 100))
      out.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
      out.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }
    out.append(UInt8(ascii: "Z"))
  }

  private static func status(_ status: RecordComparison.Entry.Status) -> String {
    switch status {
    case .reproduced: "reproduced        "
    case .missingInModel: "MISSING IN MODEL  "
    case .missingInRecords: "MISSING IN RECORDS"
    case .outsideModel: "outside the model "
    }
  }

  /// Writes the recorded event's name and participants; returns the characters written.
  private static func describe(
    _ events: [RecordedEvent], at index: Int, into out: inout [UInt8]
  ) -> Int {
    let event = events[index]
    return describe(
      name: event.name, participant: event.participantId, remote: event.remoteParticipantId,
      destination: event.destination, code: event.errorCode, into: &out)
  }

  /// Writes the model event's name and participants; returns the characters written.
  private static func describe(
    _ events: [RecordComparison.ModelledEvent], at index: Int, into out: inout [UInt8]
  ) -> Int {
    let event = events[index]
    return describe(
      name: event.kind.rawValue, participant: event.participant,
      remote: event.remoteParticipantId, destination: nil, code: event.errorCode, into: &out)
  }

  /// Writes `name participant → remote → stage destination code`, the parts there are, for
  /// both sides of the timeline; returns the characters written.
  private static func describe(
    name: String, participant: String, remote: String?, destination: String?, code: String?,
    into out: inout [UInt8]
  ) -> Int {
    var count = append(name, to: &out) + 1
    out.append(UInt8(ascii: " "))
    count += append(participant, to: &out)
    if let remote {
      count += arrow(" ", into: &out) + append(remote, to: &out)
    }
    if let destination {
      count += arrow(" stage ", into: &out) + append(destination, to: &out)
    }
    if let code {
      out.append(UInt8(ascii: " "))
      count += 1 + append(code, to: &out)
    }
    return count
  }

  /// Appends `text`'s UTF-8 bytes, copied from its storage (the generic `append(contentsOf:)`
  /// of a `String.UTF8View` first counts the view, which cost as much as the rest of the
  /// line); returns its characters (its bytes when it is ASCII, as most IDs are).
  @discardableResult
  private static func append(_ text: String, to out: inout [UInt8]) -> Int {
    var text = text
    let isASCII = text.withUTF8 { bytes in
      out.append(contentsOf: bytes)
      return !bytes.contains { $0 >= 0x80 }
    }
    return isASCII ? text.utf8.count : text.count
  }

  /// ` → ` and `after`; returns the characters written (the arrow is one).
  private static func arrow(_ after: String, into out: inout [UInt8]) -> Int {
    out.append(contentsOf: [0x20, 0xE2, 0x86, 0x92])  // " →"
    return 2 + append(after, to: &out)
  }

  /// Spaces after text of `count` characters up to `width` characters (never cut).
  private static func pad(_ count: Int, to width: Int, in out: inout [UInt8]) {
    if count < width {
      out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - count))
    }
  }
}
