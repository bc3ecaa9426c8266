import IVSRules

/// The result of checking one expectation: how many statements it made and
/// which of them did not hold, each worded for the person reading the report.
struct ExpectationVerdict {
  /// One statement that did not hold.
  struct Miss {
    let expected: String
    let actual: String
    let message: String
  }

  private(set) var checks = 0
  private(set) var misses: [Miss] = []
  /// The rules of the book that decided what was checked, when one view or layout was
  /// (a belief: the observer's SDK rule; a composition: its update rule); empty otherwise.
  var rules: [RuleID] = []

  /// Counts one statement; records it when `holds` is false. The texts are built only then.
  mutating func check(
    _ holds: Bool, expected: @autoclosure () -> String, actual: @autoclosure () -> String,
    message: (String, String) -> String
  ) {
    checks += 1
    guard !holds else { return }
    let expectedText = expected()
    let actualText = actual()
    misses.append(
      Miss(
        expected: expectedText, actual: actualText, message: message(expectedText, actualText)))
  }
}

/// Short texts of model values shared by every expectation message.
enum ExpectationText {
  static func capabilities(_ names: [String]) -> String { "[\(names.joined(separator: ", "))]" }

  static func userId(_ id: String?) -> String { id.map { "\"\($0)\"" } ?? "no userId" }

  static func attributes(_ map: [String: String]) -> String {
    "{" + map.keys.sorted().map { "\($0)=\(map[$0] ?? "")" }.joined(separator: ", ") + "}"
  }

  /// `bob {seat=2}`, or `{seat=2}` without a user ID.
  static func metadata(_ metadata: ParticipantMetadata) -> String {
    (metadata.userId.map { "\($0) " } ?? "") + attributes(metadata.attributes)
  }

  static func slots(_ slots: [CompositionSlot]) -> String {
    "[" + slots.map { "\($0.role.rawValue):\($0.participant)" }.joined(separator: ", ") + "]"
  }

  /// Whether `actual` holds every key of `expected` with the same value.
  static func includes(_ actual: [String: String], _ expected: [String: String]) -> Bool {
    expected.allSatisfy { actual[$0.key] == $0.value }
  }
}
