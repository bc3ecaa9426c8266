import JSONKit

/// One what-if beside the report: the same records with other SDK profiles
/// (`--sdk ID=A,B`) — what the observers would have seen — told by its totals and its
/// worst spans, so a support engineer can show a customer what an upgrade changes.
public struct WhatIf: Sendable {
  /// `aL6dF1gH3jKo=android@1.37.0`.
  public let label: String
  /// The variant's stale sentences (totals first), or one saying nothing was stale.
  public let lines: [String]

  /// The what-if of `explanation`, made with the `--sdk` profiles `label` names.
  public init(label: String, explanation: Explanation) {
    self.label = label
    let stale =
      Explanation.staleLines(explanation.exchanges)
      + Explanation.rangeLines(explanation.exchanges, explanation.labels)
    lines = stale.isEmpty ? ["no observer would have shown stale values"] : Array(stale.prefix(4))
  }

  var json: JSON {
    .object([("with", .string(label)), ("summary", .array(lines.map(JSON.string)))])
  }
}

extension Explanation {
  /// The report's "What if" section (empty without what-ifs).
  var whatIfLines: [String] {
    guard !whatIfs.isEmpty else { return [] }
    var lines = ["What if (the same records, other SDKs)"]
    for whatIf in whatIfs {
      lines.append("  with \(whatIf.label):")
      lines += whatIf.lines.map { "    - \($0)" }
    }
    return lines
  }
}
