import JSONKit
import StageEngine

/// `Explanation` as text for people and as JSON for machines (`--json`).
extension Explanation {
  /// The report: summary, timeline, exchanges, notes, problems.
  public var text: String {
    var head = ["Summary"] + summary.map { "  - \($0)" }
    head.append("")
    let customer = forCustomer.lines
    if !customer.isEmpty { head += customer + [""] }
    let whatIf = whatIfLines
    if !whatIf.isEmpty { head += whatIf + [""] }
    head.append(
      "Timeline (recorded events beside the model's, tolerance \(comparison.toleranceSeconds)s)")
    // Bytes, not a line per entry: a long record's timeline is most of the report.
    var out: [UInt8] = []
    out.reserveCapacity(comparison.entries.count * 120)
    for line in head {
      out.append(contentsOf: line.utf8)
      out.append(UInt8(ascii: "\n"))
    }
    TimelineText.write(comparison.entries, withDates: spansDays, into: &out)
    for line in tailLines {
      out.append(contentsOf: line.utf8)
      out.append(UInt8(ascii: "\n"))
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The report after the timeline: error codes, exchanges, notes, problems.
  private var tailLines: [String] {
    var lines: [String] = []
    let codes = ErrorCodes.lines(session.recorded.compactMap(\.errorCode))
    if !codes.isEmpty {
      lines +=
        ["", "Error codes in the records (from \(ErrorCodes.source))"]
        + codes.map { "  - \($0)" }
    }
    if !exchanges.isEmpty {
      lines.append("")
      lines.append("Token exchanges: what changed, what the strategy was asked, who saw it")
    }
    // Each participant as it was at the exchange, not as its last token left it.
    let labels = self.labels
    for story in exchanges {
      lines.append("  \(VirtualTime.iso8601(story.time)) \(labels.exchanging(story))")
      lines.append("    changes: \(story.changes.joined(separator: "; "))")
      if !story.strategy.isEmpty {
        lines.append("    strategy: \(story.strategy.joined(separator: "; "))")
      }
      if story.sightings.isEmpty {
        lines.append(
          story.changesMetadata
            ? "    no other participant or composition was there to see it"
            : "    observers saw no change: user_id and attributes stayed the same")
      }
      for sighting in story.sightings {
        let rules = sighting.rules.map(\.rawValue).joined(separator: ", ")
        lines.append(
          "    \(labels.name(sighting.observer, before: story.time)) (\(sighting.profile)):"
            + " \(sighting.text)"
            + " [rules: \(rules)]")
        if let note = sighting.webEventNote { lines.append("      \(note)") }
      }
    }
    let notes = session.runnable.notes
    if !notes.isEmpty { lines += ["", "Import notes"] + notes.map { "  - \($0)" } }
    let problems =
      divergences.filter { $0.kind == .contradiction }.map { "divergence: \($0.text)" }
      + session.issues.map { ($0.isInvalid ? "invalid: " : "note: ") + $0.description }
    if !problems.isEmpty {
      lines += ["", "Problems in the records"] + problems.map { "  - \($0)" }
    }
    return lines
  }

  /// Whether the records span more than one day (the timeline then writes dates).
  var spansDays: Bool {
    guard let first = comparison.entries.first?.time, let last = comparison.entries.last?.time
    else { return false }
    let (span, overflow) = last.subtractingReportingOverflow(first)
    return overflow || span > 86_400_000
      || RecordTime.iso8601(milliseconds: first).prefix(10)
        != RecordTime.iso8601(milliseconds: last).prefix(10)
  }

  /// The same content as JSON.
  public var json: JSON { jsonDocument.json }

  /// The same content as a document whose long arrays (participants, timeline, exchanges) are
  /// made an element at a time as `JSONOutput` writes them.
  public var jsonDocument: JSONDocument {
    let session = session
    return JSONDocument([
      ("reproduced", .value(.bool(isClean))),
      ("toleranceSeconds", .value(.integer(comparison.toleranceSeconds))),
      ("summary", .value(.array(summary.map(JSON.string)))),
      ("findings", .value(.array(session.findings.map(JSON.string)))),
      (
        "errorCodes",
        .value(
          .array(ErrorCodes.lines(session.recorded.compactMap(\.errorCode)).map(JSON.string)))
      ),
      ("forCustomer", .value(forCustomer.json)),
      ("whatIf", .value(.array(whatIfs.map(\.json)))),
      ("participants", .elements(session.sdks) { Self.participantJSON($0, session) }),
      ("timeline", .elements(comparison.entries, Self.entryJSON)),
      ("exchanges", .elements(exchanges, Self.storyJSON)),
      ("staleTimeByObserver", .value(.array(staleTimes.map(\.json)))),
      ("notes", .value(.array(session.runnable.notes.map(JSON.string)))),
      ("divergences", .elements(divergences, \.json)),
      (
        "issues",
        .elements(session.issues) {
          .object([("message", .string($0.description)), ("invalid", .bool($0.isInvalid))])
        }
      ),
    ])
  }

  private static func participantJSON(_ sdk: ParticipantSDK, _ session: ImportedSession) -> JSON {
    var members: [(key: String, value: JSON)] = [
      ("id", .string(sdk.id)), ("name", .string(session.name(sdk.id))),
      ("sdk", .string(sdk.shown)), ("modelledAs", .string(sdk.profile.description)),
      ("sdkSource", .string(sdk.source.rawValue)), ("basis", .string(sdk.basis)),
    ]
    if let threshold = sdk.threshold {
      members.append(
        (
          "verdictsDependOnVersion",
          .object([("threshold", .string(threshold)), ("flag", .string(sdk.flag))])
        ))
    }
    return .object(members)
  }

  private static func entryJSON(_ entry: RecordComparison.Entry) -> JSON {
    var members: [(key: String, value: JSON)] = [
      ("status", .string(entry.status.rawValue)),
      ("time", .string(RecordTime.iso8601(milliseconds: entry.time))),
    ]
    if let recorded = entry.recorded { members.append(("recorded", RecordedJSON.event(recorded))) }
    if let modelled = entry.modelled {
      var model: [(key: String, value: JSON)] = [
        ("seq", .integer(Int64(modelled.seq))),
        ("time", .string(VirtualTime.iso8601(modelled.time))),
        ("kind", .string(modelled.kind.rawValue)),
        ("participant", .string(modelled.participant)),
      ]
      if let remote = modelled.remoteParticipantId {
        model.append(("remoteParticipantId", .string(remote)))
      }
      members.append(("model", .object(model)))
    }
    return .object(members)
  }

  private static func storyJSON(_ story: ExchangeStory) -> JSON {
    .object([
      ("time", .string(VirtualTime.iso8601(story.time))),
      ("participant", .string(story.participant)),
      ("changes", .array(story.changes.map(JSON.string))),
      ("strategy", .array(story.strategy.map(JSON.string))),
      ("setsUserIdOrAttributes", .bool(story.changesMetadata)),
      ("observers", .array(story.sightings.map(\.json))),
    ])
  }
}
