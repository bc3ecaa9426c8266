import InputKit
import MonitorUI

/// `--play [SPEED]`: the speed is optional, so the word after `--play` is its speed unless it
/// is another option (`--…`) or missing. A scenario goes before `--play`
/// (`stagemon demo.json --play 2`).
enum PlaySpeed {
  /// Removes `--play [SPEED]` (or `--play=SPEED`) and returns the speed, 1 without one; nil when
  /// `--play` is absent. A speed that is not a number in [0.01, 1000] is a usage error.
  static func parse(_ arguments: inout Arguments) throws(UsageError) -> Double? {
    let name = MonitorCommand.Option.play.rawValue
    var words = arguments.remaining
    var speed: Double?
    while let index = words.firstIndex(where: { $0 == name || $0.hasPrefix(name + "=") }) {
      let word = words.remove(at: index)
      if word.hasPrefix(name + "=") {
        speed = try value(String(word.dropFirst(name.count + 1)))
      } else if index < words.count, !words[index].hasPrefix("--") {
        speed = try value(words.remove(at: index))
      } else {
        speed = 1
      }
    }
    arguments = Arguments(words)
    return speed
  }

  /// The speed `text` names.
  static func value(_ text: String) throws(UsageError) -> Double {
    guard let speed = Double(text), speed.isFinite, speed >= Autoplay.minimumSpeed,
      speed <= Autoplay.maximumSpeed
    else {
      let hint = text.hasSuffix(".json") ? " (put the scenario before --play)" : ""
      throw UsageError(
        "--play needs a speed from \(Autoplay.minimumSpeed) to \(Int(Autoplay.maximumSpeed))"
          + " (e.g. 2 or 0.5), not \(Excerpt.quoted(text))\(hint)")
    }
    return speed
  }
}
