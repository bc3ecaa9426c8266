import JSONKit
import StageEngine
import TokenCore

/// A customer's session rebuilt as a scenario, with everything the importer guessed,
/// chose or found contradictory, and the recorded events to compare a run with.
public struct ImportedSession: Sendable {
  /// The scenario as it runs: its `notes` filled, and `recorded` only when it was read
  /// from an imported scenario file.
  public let runnable: Scenario
  /// Whether `scenario` adds the `recorded` array (sessions made from records).
  let attachesRecorded: Bool
  /// The scenario as `stagemon import` writes it: `runnable` with the recorded events in
  /// its `recorded` array. Built when asked: a long record's million events become JSON
  /// only when a file is written, never for a run.
  public var scenario: Scenario {
    guard attachesRecorded else { return runnable }
    var scenario = runnable
    scenario.recorded = RecordedJSON.array(recorded)
    return scenario
  }
  /// The recorded events, oldest first, duplicates dropped.
  public let recorded: [RecordedEvent]
  /// Participants whose SDK was guessed, one line each (the import warns about them).
  public let guessedSDKs: [String]
  /// Events skipped or kept with a caveat.
  public let issues: [RecordIssue]
  /// Records that contradict each other (a previousToken unlike what came before).
  public let divergences: [RecordIssue]
  /// Hypothetical viewers added with `--observer`.
  public let observers: [String]
  /// Participants whose own events the records hold (their model events are compared).
  public let covered: Set<String>
  /// Participants whose publish events EventBridge holds.
  public let publishCovered: Set<String>
  /// Every participant's SDK with its source, in participant order.
  public internal(set) var sdks: [ParticipantSDK] = []
  /// Records that contradict what was reported about the session (an SDK that cannot do
  /// what the records show): told first, the explanation goes on, the exit is 1.
  public internal(set) var findings: [String] = []
  /// Each participant as the report names it: `cT9rB4nY7eJs (jonas, role=cohost)`.
  public internal(set) var names: [String: String] = [:]

  /// Each participant get-participant states the token of (its `userId` and `attributes`:
  /// those it joined with), labelled with them.
  public internal(set) var joinedAs: [String: String] = [:]

  /// Pages whose `nextToken` no input answers (older events of that participant missing).
  public internal(set) var unansweredPages: [RecordSet.UnansweredPage] = []
  /// Participants get-participant calls `DISCONNECTED` whose own events end without a
  /// `LEFT` (their newest events are missing), or `CONNECTED` whose own events end with one
  /// (`endsLeaving`), with the second of their last own event.
  public internal(set) var endsUnrecorded: [String: Int64] = [:]
  /// Those of `endsUnrecorded` no get-participant or list-participants speaks of: whether
  /// they were still on the stage after their last event, or their newest events are
  /// missing, is unknown (the two look the same in their own events).
  public internal(set) var endsUnconfirmed: Set<String> = []
  /// Those of `endsUnrecorded` whose own events end with a `LEFT` though get-participant
  /// says `CONNECTED`: they joined again and their newest events are missing, or
  /// get-participant was read before they left (finding 3101580).
  public internal(set) var endsLeaving: Set<String> = []
  /// Stretches of participants' own events that are missing, shown by events on either side
  /// that cannot follow each other (a page left out between two others leaves no trace else).
  public internal(set) var historyGaps: [HistoryGap] = []
  /// The inferred answers to "publish?", by participant and the second it was asked.
  public internal(set) var inferredAnswers: [String: [Int64: InferredAnswer]] = [:]
  /// `stagemon fetch`'s manifest, when the folder had one.
  public internal(set) var manifest: RecordManifest?
  /// For a session still running when `stagemon fetch` fetched it (no end time, the
  /// manifest's `fetchedAt`): the fetch time, Unix seconds. Values still stale at the last
  /// record were still shown then: the spans run to it, not to the last record.
  public internal(set) var fetchedWhileRunning: Int64?
  /// The get-composition output the model follows (none with a `--composition` what-if):
  /// its times, to the whole second, leave unknown whether it ran at an exchange in the same
  /// second.
  public internal(set) var composition: RecordedComposition?

  /// What the records lack, one sentence each: unanswered pages, an incomplete fetch.
  public var incompleteness: [String] {
    var lines: [String] = []
    if let manifest, !manifest.complete {
      let problems =
        manifest.problems.isEmpty ? "" : ": " + manifest.problems.joined(separator: "; ")
      lines.append(
        "\(manifest.origin): stagemon fetch says these records are incomplete\(problems)")
    }
    for page in unansweredPages {
      lines.append(
        "\(page.origin) has a nextToken whose page is not among the inputs: \(name(page.participant))'s "
          + "events before \(RecordTime.iso8601(milliseconds: page.before)) are missing (fetch them "
          + "with list-participant-events --next-token)")
    }
    for gap in historyGaps {
      lines.append(
        "\(name(gap.participant))'s own events between \(RecordTime.iso8601(milliseconds: gap.after))"
          + " and \(RecordTime.iso8601(milliseconds: gap.before)) are missing: \(gap.evidence) (a page"
          + " left out? fetch its list-participant-events pages again)")
    }
    return lines
  }

  /// Whether the model runs a composition: from the start (`runnable.composition`), or from
  /// get-composition's `startTime` when it came after the records begin.
  public var runsComposition: Bool {
    runnable.composition != nil
      || runnable.steps.contains {
        if case .composition(.start) = $0 { true } else { false }
      }
  }

  /// `id` with its user ID and `role`/`name` attribute, when the records give them.
  public func name(_ id: String) -> String { names[id] ?? id }
}

/// Turns records into a scenario (SPEC §6) whose run reproduces them.
public enum RecordImporter {
  /// The longest token lifetime IVS accepts (`exp` at most 14 days after `iat`).
  static let maximumLifetime: Int64 = 14 * 86_400

  /// Builds the scenario; throws for options that do not fit the records (exit 2). Records
  /// the caller gives up (`consume`) lend their events to the session without a copy.
  public static func makeSession(from records: consuming RecordSet, options: ImportOptions)
    throws(ImportUsageError) -> ImportedSession
  {
    var builder: StepBuilder?
    return try makeSession(from: consume records, options: options, keeping: &builder)
  }

  /// One session per what-if variant (`explain --sdk ID=A,B`), the first for the report:
  /// the events are sorted once, into one timeline every session shares.
  public static func makeSessions(from records: consuming RecordSet, variants: [ImportOptions])
    throws(ImportUsageError) -> [ImportedSession]
  {
    let timeline = ImportTimeline(taking: &records)
    var builder: StepBuilder?
    var sessions: [ImportedSession] = []
    for options in variants {
      sessions.append(try makeSession(timeline, records, options: options, keeping: &builder))
    }
    return sessions
  }

  /// `makeSession`, handing back the step builder as it stands after the last event, so
  /// `LiveImport` can go on from there.
  static func makeSession(
    from records: consuming RecordSet, options: ImportOptions, keeping kept: inout StepBuilder?
  ) throws(ImportUsageError) -> ImportedSession {
    let timeline = ImportTimeline(taking: &records)
    return try makeSession(timeline, records, options: options, keeping: &kept)
  }

  /// The session of `imported`, the records' events, and of `records`, the rest of what
  /// was read (its events taken by `imported`).
  private static func makeSession(
    _ imported: ImportTimeline, _ records: RecordSet, options: ImportOptions,
    keeping kept: inout StepBuilder?
  ) throws(ImportUsageError) -> ImportedSession {
    let timeline = imported.timeline
    let ids = participantIDs(timeline, records)
    let byParticipant = timeline.eventsByParticipant
    var plans: [String: ParticipantPlan] = [:]
    for id in ids {
      plans[id] = ParticipantPlan(
        id: id, events: byParticipant[id] ?? TimelineEvents(timeline: [], positions: []),
        record: records.participants[id], isRemoteOnly: byParticipant[id] == nil)
    }
    let findings =
      try applySDKOptions(options, to: &plans, names: labels(plans, records))
      + ids.compactMap { plans[$0]?.expiredAtJoin }
    // The session's start or its first event, whichever is earlier; the default only when
    // the records give neither (a live session read before any event has its start).
    let earliest = min(
      records.sessionStart.map { $0.floorDivided(by: 1000) } ?? .max,
      timeline.events.first?.second ?? .max)
    let start = earliest == .max ? VirtualTime.defaultStart : earliest
    var builder = StepBuilder(start: start, plans: plans)
    builder.subscribersStop = SubscribersStop(timeline.events)
    for observer in options.observers { builder.joinObserver(observer.id) }
    // A composition that started after the records begin starts in the model then (before
    // the events its startTime precedes); one that stopped while they go on stops then too
    // (after the events of its endTime's second when that is given to the whole second: the
    // records do not order them, `RecordedComposition.edge(inSecond:)`).
    let recordedComposition = options.composition == nil ? records.composition : nil
    var begin = recordedComposition?.start.flatMap { $0.floorDivided(by: 1000) > start ? $0 : nil }
    var stop = recordedComposition?.end
    // By position: iterating would copy every event.
    for index in timeline.events.indices {
      if let time = begin, let configuration = recordedComposition?.configuration,
        timeline.events[index].time >= time
      {
        builder.startComposition(configuration, at: time.floorDivided(by: 1000))
        begin = nil
      }
      if let end = stop,
        end % 1000 == 0
          ? timeline.events[index].second > end.floorDivided(by: 1000)
          : timeline.events[index].time > end
      {
        builder.stopComposition(at: end.floorDivided(by: 1000))
        stop = nil
      }
      builder.apply(timeline.events[index])
    }
    defer { kept = builder }
    let recorded =
      imported.hasInferred ? timeline.events.filter { !$0.isInferred } : timeline.events
    let lastSecond = timeline.events.last?.second ?? start
    var scenario = Scenario(
      description: description(records, recorded, participants: ids.count),
      stage: stage(records), start: start,
      participants: ids.compactMap {
        plans[$0].map { participant($0, start: start, end: lastSecond) }
      }
        + options.observers.map { observer($0) },
      steps: builder.steps)
    let guessed = ids.compactMap { id -> String? in
      guard let plan = plans[id], plan.source == .guessed || plan.source == .unknown else {
        return nil
      }
      return "\(id): \(plan.stated.shown) (\(plan.source.rawValue), from \(plan.basis))"
    }
    scenario.composition =
      options.composition
      ?? (recordedComposition?.start.map { $0.floorDivided(by: 1000) > start } == true
        ? nil : records.composition?.configuration)
    scenario.asOf =
      options.asOf ?? (options.datesFromRecords ? ServiceDate.ofRecords(startingAt: start) : nil)
    scenario.notes =
      ids.compactMap { plans[$0]?.expiredAtJoin.map { "finding: \($0)" } }
      + notes(plans, ids, timeline, records, options, guessed) + builder.notes
    if let composition = options.composition {
      scenario.notes.append(
        "what-if: a server-side composition (policy "
          + "\(composition.updates?.rawValue ?? "of the session's day")) the records do "
          + "not have was added (--composition)")
    }
    if options.composition == nil, let recorded = records.composition {
      scenario.notes.append(Self.compositionNote(recorded, starts: scenario.composition == nil))
    }
    if imported.merged > 0 {
      scenario.notes.append(
        "\(imported.merged) EventBridge event(s) are the same events as ListParticipantEvents "
          + "ones (matched at EventBridge's whole seconds): each counted once")
    }
    let ends = endsUnrecorded(recorded, records)
    return ImportedSession(
      runnable: scenario, attachesRecorded: true, recorded: recorded, guessedSDKs: guessed,
      issues: records.issues,
      divergences: builder.divergences, observers: options.observers.map(\.id),
      covered: Set(ids.filter { plans[$0]?.hasOwnEvents == true }),
      publishCovered: publishers(recorded), sdks: ids.compactMap { plans[$0]?.stated },
      findings: findings, names: labels(plans, records),
      joinedAs: records.participants.compactMapValues { record in
        record.attributes.map {
          label(record.id, ParticipantMetadata(userId: record.userId, attributes: $0))
        }
      },
      unansweredPages: records.unansweredPages,
      endsUnrecorded: ends,
      endsUnconfirmed: Set(ends.keys).filter { records.participants[$0]?.state == nil },
      endsLeaving: Set(ends.keys).filter { records.participants[$0]?.state == "CONNECTED" },
      historyGaps: historyGaps(recorded, records),
      inferredAnswers: plans.mapValues { plan in
        Dictionary(
          plan.answers.map { ($0.key.floorDivided(by: 1000), $0.value) },
          uniquingKeysWith: { a, _ in a })
      }.filter { !$0.value.isEmpty }, manifest: records.manifest,
      fetchedWhileRunning: records.sessionEnd == nil
        ? records.manifest?.fetchedAt.flatMap(RecordTime.milliseconds).map {
          $0.floorDivided(by: 1000)
        } : nil, composition: recordedComposition)
  }

  /// Participants `DISCONNECTED` by get-participant (or whose state nothing gives) whose
  /// last own ListParticipantEvents event is not a `LEFT`, and those `CONNECTED` by it whose
  /// last own event is a `LEFT`, with that event's second.
  static func endsUnrecorded(_ recorded: [RecordedEvent], _ records: RecordSet) -> [String: Int64] {
    var last: [String: (second: Int64, left: Bool)] = [:]
    for index in recorded.indices where !recorded[index].viaEventBridge {
      last[recorded[index].participantId] = (
        recorded[index].second, recorded[index].kind == .left
      )
    }
    // Without a state, a complete fetch's (stagemon fetch's manifest) participant without a
    // LEFT was still on the stage.
    let unstated = records.manifest?.complete == true ? "CONNECTED" : "DISCONNECTED"
    return last.filter { id, end in
      let state = records.participants[id]?.state
      return end.left ? state == "CONNECTED" : (state ?? unstated) == "DISCONNECTED"
    }.mapValues(\.second)
  }

  /// `id (userId, role=…, name=…)` for every participant whose records give a user ID or
  /// one of those attributes; the participant ID alone otherwise.
  /// One whose own events are not among the inputs is labelled `…, as it joined)`: its
  /// values are those of the token it joined with, and any exchange since is unknown.
  static func labels(_ plans: [String: ParticipantPlan], _ records: RecordSet) -> [String: String] {
    var names: [String: String] = [:]
    for (id, plan) in plans {
      let record = records.participants[id]
      let name = label(
        id,
        ParticipantMetadata(
          userId: record?.userId ?? plan.first.userId,
          attributes: record?.attributes ?? plan.first.attributes))
      names[id] =
        plan.hasOwnEvents || name == id ? name : String(name.dropLast()) + asJoined
    }
    return names
  }

  /// The end of the label of a participant whose own events are not among the inputs.
  public static let asJoined = ", as it joined)"

  /// `id (userId, role=…, name=…)` with the values of `metadata`, or `id` when it has none.
  static func label(_ id: String, _ metadata: ParticipantMetadata) -> String {
    let parts =
      (metadata.userId.map { [$0] } ?? [])
      + ["role", "name"].compactMap { key in metadata.attributes[key].map { "\(key)=\($0)" } }
    return parts.isEmpty ? id : "\(id) (\(parts.joined(separator: ", ")))"
  }

  /// Participants with events from EventBridge (read by position: iterating would copy
  /// every event).
  static func publishers(_ recorded: [RecordedEvent]) -> Set<String> {
    Set(
      recorded.indices.lazy.filter { recorded[$0].viaEventBridge }.map {
        recorded[$0].participantId
      })
  }

  private static func participantIDs(_ timeline: RecordTimeline, _ records: RecordSet) -> [String] {
    var ids = timeline.participantIDs
    let known = Set(ids)
    ids += records.participants.keys.filter { !known.contains($0) }.sorted()
    return ids
  }

  /// Applies `--sdk`; an SDK that cannot do what the records show (exchanging tokens without
  /// exchangeToken) is a finding, not a usage error: the first release that can is assumed.
  static func applySDKOptions(
    _ options: ImportOptions, to plans: inout [String: ParticipantPlan], names: [String: String]
  ) throws(ImportUsageError) -> [String] {
    var findings: [String] = []
    for (id, sdk) in options.sdks {
      guard let plan = plans[id] else {
        let known = plans.keys.sorted().prefix(20).joined(separator: ", ")
        throw ImportUsageError(
          "--sdk \(id)=\(sdk): no participant \(id) in the records (have: \(known))")
      }
      if let finding = platformContradiction(plan, flag: sdk, name: names[id] ?? id) {
        findings.append(finding)
      }
      plans[id]?.sdk = sdk
      plans[id]?.source = .flag
      plans[id]?.basis = "--sdk"
      plans[id]?.platform = sdk.platform
      plans[id]?.threshold = nil
    }
    for (id, sdk) in options.observers where plans[id] != nil {
      throw ImportUsageError(
        "--observer \(id)=\(sdk): \(id) is a participant of the records; choose another ID")
    }
    for plan in plans.values.sorted(by: { $0.id < $1.id })
    where plan.exchanges && !RuleBook.ivs.latest.decide(.hasExchangeToken, for: plan.sdk).outcome {
      let assumed = SDKProfile(
        platform: plan.sdk.platform, version: SDKGuess.defaultVersion(plan.sdk.platform))
      plans[plan.id]?.sdk = assumed
      let who = plan.source == .flag ? "--sdk" : "get-participant"
      let times = plan.exchangeCount == 1 ? "once" : "\(plan.exchangeCount) times"
      findings.append(
        "\(who) says \(plan.sdk), but \(names[plan.id] ?? plan.id) exchanged tokens \(times), "
          + "which \(plan.sdk) cannot (exchangeToken needs iOS/Android 1.37.0 or Web 1.33.0): "
          + "the report is wrong or the app is not what the customer thinks; assumed \(assumed); "
          + "`--sdk \(plan.id)=PLATFORM@VERSION` chooses another")
    }
    return findings
  }

  /// `--sdk` naming another platform than get-participant's: a Web browser (`browserName`)
  /// given an iOS/Android SDK, or an iOS/Android app (`osName`, no browser) given Web. The
  /// flag is kept (the engineer chose it), and the report says the two disagree.
  private static func platformContradiction(
    _ plan: ParticipantPlan, flag: SDKProfile, name: String
  ) -> String? {
    guard let recorded = plan.platform, recorded != flag.platform else { return nil }
    let says =
      recorded == .web
      ? "runs in a Web browser" : "runs the \(recorded == .ios ? "iOS" : "Android") SDK"
    return "get-participant says \(name) \(says) (\(plan.basis)), but `--sdk` says \(flag): "
      + "the flag or the records are wrong, or the app is not what the customer thinks; "
      + "kept \(flag) (`--sdk`); its verdicts hold only if the flag is right"
  }

  static func participant(_ plan: ParticipantPlan, start: Int64, end: Int64)
    -> ScenarioParticipant
  {
    let token = plan.first
    // No overflow: `start`, `end` and `expirationTime` all come from RecordTime, which only
    // reads four-digit years, so every one lies within ±3.2e11 s.
    var ttl = max(12 * 3600, end - start + 3600)
    // What the records show happened wins over the model's clock: a token the records say had
    // expired before the join they show is not given that `exp` (`ParticipantPlan.expiredAtJoin`).
    if let expiry = token.expirationTime, expiry > start, plan.expiredAtJoin == nil {
      ttl = expiry - start
    }
    return ScenarioParticipant(
      id: plan.id, sdk: plan.sdk, strategy: plan.strategy,
      token: .mint(
        TokenMintSpec(
          capabilities: token.capabilities,
          attributes: token.attributes.keys.sorted().map { ($0, token.attributes[$0] ?? "") },
          userId: token.userId, ttl: VirtualDuration(seconds: min(ttl, maximumLifetime)))))
  }

  private static func observer(_ observer: (id: String, sdk: SDKProfile)) -> ScenarioParticipant {
    ScenarioParticipant(
      id: observer.id, sdk: observer.sdk,
      strategy: StrategySettings(publish: .never, subscribe: .audioVideo),
      token: .mint(
        TokenMintSpec(
          capabilities: Capabilities(publish: false, subscribe: true),
          ttl: VirtualDuration(seconds: maximumLifetime))))
  }

  private static func stage(_ records: RecordSet) -> ScenarioStage {
    guard let arn = records.stage?.arn, ARN.isStage(arn) else { return ScenarioStage() }
    return ScenarioStage(arn: arn)
  }

  private static func description(
    _ records: RecordSet, _ recorded: [RecordedEvent], participants: Int
  ) -> String {
    var text = "Imported from IVS records: \(recorded.count) events of \(participants) participants"
    if let session = records.session?.id { text += ", session \(session)" }
    if let first = recorded.first, let last = recorded.last {
      text +=
        ", \(RecordTime.iso8601(milliseconds: first.time)) to \(RecordTime.iso8601(milliseconds: last.time))"
    }
    return text
  }

  private static func notes(
    _ plans: [String: ParticipantPlan], _ ids: [String], _ timeline: RecordTimeline,
    _ records: RecordSet, _ options: ImportOptions, _ guessed: [String]
  ) -> [String] {
    var notes: [String] = []
    if !guessed.isEmpty {
      notes.append(
        "SDK not stated for \(guessed.count) participant(s) — give the real ones with --sdk ID=PLATFORM@VERSION: "
          + guessed.joined(separator: "; "))
    }
    for id in ids {
      guard let plan = plans[id] else { continue }
      notes.append(
        "\(id): \(plan.sdk) (\(plan.source.rawValue)), first token from \(plan.firstSource); strategy \(plan.strategyReason)"
      )
    }
    for (id, sdk) in options.observers {
      notes.append("\(id): hypothetical viewer on \(sdk) (--observer), present the whole session")
    }
    if timeline.duplicates > 0 {
      notes.append("\(timeline.duplicates) exact duplicate event(s) dropped")
    }
    if records.repeatedDeliveries > 0 {
      notes.append(
        "\(records.repeatedDeliveries) repeated EventBridge delivery(ies) dropped (same id)")
    }
    if records.envelopeTimedEvents > 0 { notes.append(wholeSecondNote(records, timeline)) }
    return notes
  }
}

extension RecordImporter {
  /// What the model made of a get-composition output (`starts`: the model starts it at its
  /// `startTime`, after the records begin).
  static func compositionNote(_ recorded: RecordedComposition, starts: Bool) -> String {
    let configuration = recorded.configuration
    var parts = ["\(configuration.layout.rawValue) layout"]
    for (name, value) in [
      ("featured", configuration.featuredParticipantAttribute),
      ("order", configuration.participantOrderAttribute),
      ("PiP", configuration.pipParticipantAttribute),
    ] where !value.isEmpty {
      parts.append("\(name) attribute \(value)")
    }
    let onChangeDay = recorded.start.map { recorded.changeUnknown(at: $0.floorDivided(by: 1000)) }
    let moves =
      configuration.updates == .live
      ? "layouts move at once (composition.layout.live, from 2026-04-16)"
      : onChangeDay == true
        ? "started on 2026-04-16, the day IVS began moving layouts at once (dated to the day, not"
          + " the hour): the model runs the old behaviour (composition.layout.on-reconnect) and"
          + " verdicts about it are ranges"
        : "layouts move on republish or reconnect (composition.layout.on-reconnect, before 2026-04-16)"
    let start = recorded.start.map { ", started \(RecordTime.iso8601(milliseconds: $0))" } ?? ""
    let end = recorded.end.map { " to its end (\(RecordTime.iso8601(milliseconds: $0)))" } ?? ""
    return
      "composition from \(recorded.origin): \(parts.joined(separator: ", "))\(start); \(moves);"
      + " the model runs it from \(starts ? "its start" : "the session's start")\(end)"
  }

  /// EventBridge events timed by their envelope (whole seconds), and those of them within a
  /// second of a token exchange: whether they came before or after it is unknown.
  static func wholeSecondNote(_ records: RecordSet, _ timeline: RecordTimeline) -> String {
    var exchanges: [Int64: [Int64]] = [:]
    for event in timeline.events where event.kind == .tokenExchanged {
      exchanges[event.second, default: []].append(event.time)
    }
    let close = timeline.events.filter { event in
      event.hasWholeSecondTime
        && (event.second - 1...event.second + 1).contains { second in
          exchanges[second]?.contains { abs($0 - event.time) < 1000 } ?? false
        }
    }
    var note =
      "\(records.envelopeTimedEvents) EventBridge event(s) carry no detail.event_time: timed by the"
      + " envelope's time, whole seconds"
    if !close.isEmpty {
      let named = close.prefix(3).map {
        "\($0.name) of \($0.participantId) at \(RecordTime.iso8601(milliseconds: $0.time))"
      }
      note +=
        "; \(close.count) within a second of a token exchange (\(named.joined(separator: ", "))):"
        + " whether each came before or after the exchange is unknown (its"
        + " list-participant-events record has the exact time)"
    }
    return note
  }

  /// An already imported scenario (`stagemon import --out`) with its `recorded` events read
  /// back, so it can be run and compared again.
  public static func session(fromScenario scenario: Scenario, file: String) throws(RecordError)
    -> ImportedSession
  {
    var records = RecordSet()
    if let recorded = scenario.recorded { try records.readRecorded(recorded, file: file) }
    let recorded = RecordTimeline(records.events).events
    let actors = Set(recorded.map(\.participantId))
    let remotes = Set(recorded.compactMap(\.remoteParticipantId))
    return ImportedSession(
      runnable: scenario, attachesRecorded: false, recorded: recorded, guessedSDKs: [],
      issues: records.issues,
      divergences: [],
      observers: scenario.participants.map(\.id).filter {
        !actors.contains($0) && !remotes.contains($0)
      },
      covered: Set(recorded.filter { !$0.viaEventBridge }.map(\.participantId)),
      publishCovered: RecordImporter.publishers(recorded))
  }
}
