import StageEngine

/// Times as the records write them: the AWS CLI's `2026-03-14T18:10:45.300000+00:00`,
/// get-participant's whole seconds with `+00:00`, and EventBridge's envelope `…Z`.
enum RecordTimes {
  /// `seconds` and `milliseconds` as the CLI prints an event time.
  static func cli(_ seconds: Int64, milliseconds: Int) -> String {
    let base = VirtualTime.iso8601(seconds).dropLast()
    let digits = String(milliseconds + 1000).dropFirst()
    return "\(base).\(digits)000+00:00"
  }

  /// Whole seconds with an offset, as get-participant and get-stage-session print them.
  static func aws(_ seconds: Int64) -> String { VirtualTime.iso8601(seconds).dropLast() + "+00:00" }

  /// Whole seconds with `Z`, as EventBridge's envelope `time`.
  static func envelope(_ seconds: Int64) -> String { VirtualTime.iso8601(seconds) }
}
