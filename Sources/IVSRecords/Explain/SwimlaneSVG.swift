import InputKit
import StageEngine

/// `explain --svg FILE`: a picture to paste into a support case — one swimlane per
/// observer, red where it showed a participant's stale values (labelled with whose), green
/// ticks where it was updated at once, every exchange a dashed line across the lanes,
/// every republish that told an observer a triangle, times on the axis. Plain SVG 1.1 with
/// every outside text escaped (`XMLText`), so it stays well-formed and converts to PNG as it is.
public enum SwimlaneSVG {
  static let width = 1100
  static let left = 300
  static let right = 20
  static let laneHeight = 30
  static let top = 64

  /// The SVG document for `explanation`.
  public static func document(_ explanation: Explanation) -> String {
    let stories = explanation.exchanges
    let lanes = observers(stories)
    let (start, end) = bounds(explanation)
    let scale = Scale(start: start, end: end, from: left, to: width - right)
    let height = top + max(lanes.count, 1) * laneHeight + 40
    var svg = [
      ##"<?xml version="1.0" encoding="UTF-8"?>"##,
      ##"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\##(width)" height="\##(height)" viewBox="0 0 \##(width) \##(height)" font-family="Helvetica, Arial, sans-serif" font-size="12">"##,
      ##"<rect x="0" y="0" width="\##(width)" height="\##(height)" fill="#ffffff"/>"##,
      text(
        "Who saw each token exchange (red: stale values shown, green: updated at once, ▲ republish)",
        x: 10, y: 20, size: 14),
    ]
    for (row, lane) in lanes.enumerated() {
      let y = top + row * laneHeight
      let name = explanation.session.name(lane.id)
      svg.append(
        ##"<rect x="\##(left)" y="\##(y + 4)" width="\##(width - right - left)" height="\##(laneHeight - 8)" fill="#eef1f4"/>"##
      )
      svg.append(text("\(name) (\(lane.profile))", x: 10, y: y + laneHeight / 2 + 4))
    }
    for (index, story) in stories.enumerated() {
      let x = scale.x(story.time)
      svg.append(
        ##"<line x1="\##(x)" y1="\##(top - 6)" x2="\##(x)" y2="\##(top + lanes.count * laneHeight)" stroke="#555555" stroke-dasharray="4,3"/>"##
      )
      // Alternate rows, so back-to-back exchanges stay readable.
      svg.append(text("⇄ \(story.participant)", x: x + 2, y: top - 10 - index % 2 * 12, size: 10))
      for sighting in story.sightings {
        guard let row = lanes.firstIndex(where: { $0.id == sighting.observer }) else { continue }
        svg += marks(sighting, story, y: top + row * laneHeight, scale: scale)
      }
    }
    svg += axis(scale, y: top + lanes.count * laneHeight + 4)
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  private static func marks(
    _ sighting: ExchangeStory.Sighting, _ story: ExchangeStory, y: Int, scale: Scale
  ) -> [String] {
    var marks: [String] = []
    if let stale = sighting.stale {
      let x1 = scale.x(stale.since)
      let x2 = max(scale.x(stale.until), x1 + 2)
      let dashed =
        sighting.dependsOn == nil
        ? "" : ##" stroke="#b00020" stroke-dasharray="3,2" fill-opacity="0.45""##
      marks.append(
        ##"<rect x="\##(x1)" y="\##(y + 7)" width="\##(x2 - x1)" height="\##(laneHeight - 14)" fill="#e53935"\##(dashed)><title>\##(escaped(sighting.text))</title></rect>"##
      )
      if x2 - x1 > 60 {
        marks.append(
          text(story.participant, x: x1 + 3, y: y + laneHeight / 2 + 4, size: 10, color: "#ffffff"))
      }
    }
    if sighting.verdict == .atOnce, let time = sighting.time {
      let x = scale.x(time)
      marks.append(
        ##"<rect x="\##(x - 1)" y="\##(y + 5)" width="3" height="\##(laneHeight - 10)" fill="#2e7d32"><title>\##(escaped(sighting.text))</title></rect>"##
      )
    }
    if sighting.cause == .republished || sighting.cause == .reconnected, let time = sighting.time {
      let x = scale.x(time)
      marks.append(
        ##"<polygon points="\##(x - 5),\##(y + laneHeight - 5) \##(x + 5),\##(y + laneHeight - 5) \##(x),\##(y + 5)" fill="#1565c0"/>"##
      )
    }
    return marks
  }

  /// Ticks at a round step, labelled with the time of day (and the date when the
  /// records span more than a day).
  private static func axis(_ scale: Scale, y: Int) -> [String] {
    var lines = [
      ##"<line x1="\##(left)" y1="\##(y)" x2="\##(width - right)" y2="\##(y)" stroke="#333333"/>"##
    ]
    let span = max(scale.end - scale.start, 1)
    let steps: [Int64] = [10, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21_600, 86_400]
    let step = steps.first(where: { span / $0 <= 8 }) ?? 86_400
    var tick = (scale.start / step + 1) * step
    let days = span > 86_400
    while tick < scale.end {
      let x = scale.x(tick)
      let stamp = VirtualTime.iso8601(tick)
      let label = days ? String(stamp.dropLast()) : String(stamp.dropFirst(11).dropLast())
      lines.append(
        ##"<line x1="\##(x)" y1="\##(y)" x2="\##(x)" y2="\##(y + 5)" stroke="#333333"/>"##)
      lines.append(text(label, x: x - 24, y: y + 18, size: 10))
      tick += step
    }
    return lines
  }

  private struct Lane {
    let id: String
    let profile: String
  }

  private static func observers(_ stories: [ExchangeStory]) -> [Lane] {
    var lanes: [Lane] = []
    var seen: Set<String> = []
    for story in stories {
      for sighting in story.sightings where seen.insert(sighting.observer).inserted {
        lanes.append(Lane(id: sighting.observer, profile: sighting.profile))
      }
    }
    return lanes
  }

  /// The run's first and last second (the timeline's, else the exchanges').
  private static func bounds(_ explanation: Explanation) -> (Int64, Int64) {
    let entries = explanation.comparison.entries
    let first =
      entries.first.map { $0.time.floorDivided(by: 1000) }
      ?? explanation.exchanges.first?.time ?? 0
    let last =
      entries.last.map { $0.time.floorDivided(by: 1000) }
      ?? explanation.exchanges.last?.time ?? first
    return (first, max(last, first + 1))
  }

  private struct Scale {
    let start: Int64
    let end: Int64
    let from: Int
    let to: Int

    func x(_ time: Int64) -> Int {
      let clamped = min(max(time, start), end)
      let span = Double(end - start)
      return from + Int(Double(clamped - start) / span * Double(to - from))
    }
  }

  private static func text(
    _ content: String, x: Int, y: Int, size: Int = 12, color: String = "#111111"
  ) -> String {
    ##"<text x="\##(x)" y="\##(y)" font-size="\##(size)" fill="\##(color)">\##(escaped(content))</text>"##
  }

  /// Outside text as XML character data, through the one XML sanitiser.
  static func escaped(_ text: String) -> String { XMLText.escaped(text) }
}
