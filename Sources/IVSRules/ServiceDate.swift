import CivilTime
import InputKit

/// A day of the IVS service (UTC), `YYYY-MM-DD`: which rules were in force.
///
/// Rules change on days (IVS moved composition layouts at once from 2026-04-16), so a scenario,
/// a run or a customer's session names the day it tells, and the book answers as IVS behaved
/// then. A day, not an instant: the documentation dates its changes by day.
public struct ServiceDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year, 0000–9999.
  public let year: Int
  /// The month, 1–12.
  public let month: Int
  /// The day of the month, 1–31 (as the month has).
  public let day: Int

  /// Parses exactly `YYYY-MM-DD` naming a day that exists, by the one ISO 8601 reader
  /// (`ISO8601.parseDate`); throws saying what is wrong.
  public init(parsing text: String) throws(ServiceDateError) {
    let date: CivilDate
    do {
      date = try ISO8601.parseDate(text)
    } catch .noSuchDay {
      throw ServiceDateError(text: text, problem: .noSuchDay)
    } catch {
      throw ServiceDateError(text: text, problem: .malformed)
    }
    self.init(checkedYear: date.year, month: date.month, day: date.day)
  }

  /// The UTC day of an instant (Unix seconds), or nil outside years 0000–9999: how the command
  /// layer names today from its clock (the model has none).
  public init?(secondsSince1970 seconds: Int64) {
    guard let date = UTCTime(secondsSince1970: seconds)?.date else { return nil }
    self.init(checkedYear: date.year, month: date.month, day: date.day)
  }

  /// The day of IVS a real session that started at `seconds` (Unix) tells: its UTC day, or nil
  /// (the latest rules) when that day is before IVS real-time streaming existed — records made
  /// up for a test, not a session IVS ran.
  public static func ofRecords(startingAt seconds: Int64) -> ServiceDate? {
    guard let day = ServiceDate(secondsSince1970: seconds), day >= Releases.realTimeLaunch else {
      return nil
    }
    return day
  }

  /// A day already known to exist (the book's own dates, a parsed day).
  init(checkedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    func digits(_ value: Int, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))"
  }

  /// Earlier days first.
  public static func < (lhs: ServiceDate, rhs: ServiceDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}

/// Why a date was refused: the text and the problem, for a message naming the field it came from.
public struct ServiceDateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with a date.
  public enum Problem: Equatable, Sendable {
    /// Not `YYYY-MM-DD`.
    case malformed
    /// `YYYY-MM-DD`, but no such day (`2026-02-30`).
    case noSuchDay
    /// Before IVS real-time streaming existed (the first such day).
    case beforeRealTime(ServiceDate)
    /// After today (today).
    case inTheFuture(ServiceDate)
  }

  /// The text given.
  public let text: String
  /// What is wrong with it.
  public let problem: Problem

  /// Creates an error.
  public init(text: String, problem: Problem) {
    self.text = text
    self.problem = problem
  }

  /// "DATE: REASON", e.g. `"2023-01-01": before IVS real-time streaming existed (2023-08-07)`.
  public var description: String {
    let reason =
      switch problem {
      case .malformed: "expected a day as YYYY-MM-DD, e.g. 2025-12-01"
      case .noSuchDay: "no such day"
      case .beforeRealTime(let first):
        "before IVS real-time streaming existed (its first day is \(first))"
      case .inTheFuture(let today): "in the future (today is \(today)); stagemon knows no rules yet"
      }
    return "\(Excerpt.quoted(text)): \(reason)"
  }
}
