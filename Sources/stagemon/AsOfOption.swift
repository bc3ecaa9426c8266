import Foundation
import IVSRules

/// `--as-of DATE`: the day of IVS a command tells (`monitor`, `run`, `test`, `explain`,
/// `attach`). It exists so the one clock that names "today" is the command layer's: the model
/// and the book have none, and a date is checked against today here and in scenario files.
enum AsOfOption {
  static let name = "--as-of"

  /// Today in UTC by the system clock, read once per process.
  static let today: ServiceDate =
    ServiceDate(secondsSince1970: Int64(Date().timeIntervalSince1970))
    ?? RuleBook.ivs.latestChange

  /// The day `--as-of` names, or nil without it; a bad day is a usage error naming the option.
  static func parse(_ arguments: inout Arguments) throws(UsageError) -> ServiceDate? {
    guard let text = try arguments.option(name) else { return nil }
    do {
      return try RuleBook.ivs.date(parsing: text, today: today)
    } catch {
      throw UsageError("\(name) \(error)")
    }
  }
}
