import IVSRules
import JSONKit
import StageEngine

/// `aws ivs get-composition` output (`{"composition": {"layout": {"grid"|"pip": {…}},
/// "startTime", "endTime", "state", …}}`): the layout and the attributes it orders by, so the
/// report follows the composition the customer ran without `--composition` flags. When IVS
/// moved its layouts (on republish or reconnect, or at once) is the rule in force on the day
/// it started (`composition.layout.live` from 2026-04-16); on that day itself, and for a
/// composition that started before it and ran into it, IVS's change is dated to the day, not
/// the hour, so the import runs the old behaviour and the report gives ranges
/// (`changeUnknown(at:)`, finding 40011546).
public struct RecordedComposition: Sendable {
  /// The layout and attributes, with the update rule of its start's day.
  public let configuration: CompositionConfiguration
  /// `startTime` (milliseconds), when given.
  public let start: Int64?
  /// `endTime` (milliseconds), when given.
  public let end: Int64?
  /// The file it was read from.
  public let origin: String

  /// Whether the records cannot tell if IVS moved this composition's layout at once after an
  /// exchange in `second` (Unix seconds): the exchange was on or after the day of the change
  /// (`Releases.liveCompositionLayouts`) and the composition started on or before it. The model
  /// runs the old behaviour then: its stale time is the most, at once the least.
  func changeUnknown(at second: Int64) -> Bool {
    let change = Releases.liveCompositionLayouts
    guard let started = start.flatMap({ ServiceDate(secondsSince1970: $0.floorDivided(by: 1000)) }),
      let day = ServiceDate(secondsSince1970: second)
    else { return false }
    return started <= change && day >= change
  }

  /// `startTime` or `endTime`, given to the whole second, in `second` (Unix seconds), named
  /// as get-composition names it: the records do not tell whether the composition started or
  /// stopped before or after what else happened in that second (findings 21086, 21036).
  func edge(inSecond second: Int64) -> (name: String, time: Int64)? {
    [("startTime", start), ("endTime", end)].lazy.compactMap { name, time in
      time.flatMap {
        $0.floorDivided(by: 1000) == second && $0 % 1000 == 0 ? (name, $0) : nil
      }
    }.first
  }
}

extension RecordSet {
  mutating func readComposition(_ json: JSON, at place: RecordPlace) throws(RecordError) {
    if let over = Self.oversize(composition: json) {
      return skip(over, "composition", at: place)
    }
    if let arn = json["stageArn"]?.stringValue { try noteStage(arn, origin: place.description) }
    let layouts = json["layout"]
    let pip = layouts?["pip"]
    let layout = pip ?? layouts?["grid"]
    let start = try json["startTime"]?.stringValue.map { text throws(RecordError) in
      try place.timestamp(text, member: "startTime")
    }
    let end = try json["endTime"]?.stringValue.map { text throws(RecordError) in
      try place.timestamp(text, member: "endTime")
    }
    let day = start.flatMap {
      try? ServiceDate(parsing: String(RecordTime.iso8601(milliseconds: $0).prefix(10)))
    }
    var configuration = CompositionConfiguration(
      layout: pip == nil ? .grid : .pip,
      featuredParticipantAttribute: layout?["featuredParticipantAttribute"]?.stringValue ?? "",
      pipParticipantAttribute: layout?["pipParticipantAttribute"]?.stringValue ?? "",
      participantOrderAttribute: layout?["participantOrderAttribute"]?.stringValue ?? "",
      updates: (day.map { $0 > Releases.liveCompositionLayouts } ?? true) ? .live : .onReconnect)
    if let behavior = layout?["pipBehavior"]?.stringValue.flatMap(
      CompositionConfiguration.PipBehavior.init(rawValue:))
    {
      configuration.pipBehavior = behavior
    }
    if let position = layout?["pipPosition"]?.stringValue { configuration.pipPosition = position }
    composition = RecordedComposition(
      configuration: configuration, start: start, end: end, origin: place.description)
  }

  /// The first string of a get-composition output that stagemon keeps and that is over its
  /// limit (`RecordFieldLimit`), or nil.
  private static func oversize(composition json: JSON) -> OversizeField? {
    if let over = OversizeField.check(json["stageArn"]?.stringValue, .stageArn, field: "stageArn") {
      return over
    }
    for (kind, layout) in json["layout"]?.objectValue ?? [] {
      let strings: [(String, RecordFieldLimit)] = [
        ("featuredParticipantAttribute", .attributeKey), ("pipParticipantAttribute", .attributeKey),
        ("participantOrderAttribute", .attributeKey), ("pipBehavior", .enumerated),
        ("pipPosition", .enumerated),
      ]
      for (key, limit) in strings {
        if let over = OversizeField.check(
          layout[key]?.stringValue, limit, field: "layout.\(kind).\(key)")
        {
          return over
        }
      }
    }
    return nil
  }
}
