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
    for index in entries.indices { write(entries[index], &seconds, into: &out) }
  }

  /// One entry's line.
  static func write(_ entry: RecordComparison.Entry, withDates: Bool, into out: inout [UInt8]) {
    var seconds = Seconds(withDates: withDates)
    write(entry, &seconds, into: &out)
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

  /// `  TIME  STATUS  WHAT  model TIME #SEQ` and a newline.
  private static func write(
    _ entry: RecordComparison.Entry, _ seconds: inout Seconds, into out: inout [UInt8]
  ) {
    let withDates = seconds.withDates
    out.append(contentsOf: "  ".utf8)
    let start = out.count
    writeMilliseconds(entry.time, &seconds, into: &out)
    pad(from: start, to: withDates ? 24 : 13, in: &out)
    out.append(contentsOf: "  ".utf8)
    out.append(contentsOf: status(entry.status).utf8)
    out.append(contentsOf: "  ".utf8)
    let what = out.count
    if let recorded = entry.recorded {
      describe(recorded, into: &out)
    } else if let modelled = entry.modelled {
      describe(modelled, into: &out)
    }
    pad(from: what, to: 44, in: &out)
    out.append(contentsOf: "  ".utf8)
    if let modelled = entry.modelled {
      out.append(contentsOf: "model ".utf8)
      seconds.write(modelled.time, into: &out)
      out.removeLast()  // the `Z`
      out.append(contentsOf: " #".utf8)
      out.append(contentsOf: String(modelled.seq).utf8)
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

  private static func describe(_ event: RecordedEvent, into out: inout [UInt8]) {
    out.append(contentsOf: event.name.utf8)
    out.append(UInt8(ascii: " "))
    out.append(contentsOf: event.participantId.utf8)
    if let remote = event.remoteParticipantId { out.append(contentsOf: " → \(remote)".utf8) }
    if let destination = event.destination {
      out.append(contentsOf: " → stage \(destination)".utf8)
    }
    if let code = event.errorCode { out.append(contentsOf: " \(code)".utf8) }
  }

  private static func describe(_ event: StageEvent, into out: inout [UInt8]) {
    out.append(contentsOf: event.kind.rawValue.utf8)
    out.append(UInt8(ascii: " "))
    out.append(contentsOf: (event.participant ?? "").utf8)
    if let remote = event.remoteParticipantId { out.append(contentsOf: " → \(remote)".utf8) }
    if let code = event.errorCode { out.append(contentsOf: " \(code)".utf8) }
  }

  /// Spaces after the text written since `start` up to `width` characters (never cut).
  private static func pad(from start: Int, to width: Int, in out: inout [UInt8]) {
    var count = out.count - start
    if out[start...].contains(where: { $0 >= 0x80 }) {
      count = String(decoding: out[start...], as: UTF8.self).count
    }
    if count < width {
      out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - count))
    }
  }
}
