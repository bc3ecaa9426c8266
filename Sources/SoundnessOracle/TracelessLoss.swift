import IVSRecords
import JSONKit
import StageEngine

/// Tells a false claim no report could avoid from a fault of explain's. The degrader can
/// leave out a participant's list-participant-events page that nothing else in the folder
/// contradicts: its pages either side stay consistent (an exchange, a viewer's stay, change no
/// one else's records), and the folder is then the whole record of another session, one in
/// which the claim is true (`traceless/13701-staleMissed`, `traceless/10017335-label`). The oracle counts
/// such a claim apart, as traceless, so that a run's count is of faults; docs/TESTING.md,
/// "Losses no folder shows", says why no reasoning over the records can hedge them without
/// hedging every label and every last `LEFT` of every folder.
///
/// A claim is traceless only when every one of these holds, each checked, so a fault is never
/// hidden behind a loss (and a total or other claim without a basis of its own only when the
/// traceless missing sightings alone make it false: `derived`):
/// - it is a label, a missing exchange, a missing sighting, a late joiner or a "saw it at"
///   (`Violation.basis`);
/// - the events left out include what makes it false, and the claim is true without them:
///   the labelled participant's exchanges before the moment, its label then being the values
///   it had without them; the missing exchange itself; the observer's join that began each
///   stay in which it showed the replaced values; the observer's join that began the stay in
///   which it was first told the new values, "saw it at" naming what told it first in the
///   stays left (`traceless/20027983-toldAt`); the observer's `JOINED` that began each stay
///   around the exchange a late joiner joined after;
/// - explain's reading of the folder reproduces every recorded event and infers none the
///   records lack (no divergence): nothing recorded points at what was lost;
/// - the import marked none of the participant's records as missing (no history gap, no
///   unanswered page, no end its get-participant contradicts, no finding), and no manifest of
///   `stagemon fetch` vouched for the folder: a report that says the records are incomplete
///   is held to the checker's own excuses, not excused here.
///
/// Any claim is traceless, too, when it is true of the session the folder is the whole record
/// of without the steps it lost (`unseen`, `Counterfactual`), under the last two conditions.
public enum TracelessLoss {
  /// Whether `violation`, of `explanation` of a folder that lacks `leftOut` (the model's
  /// server events on pages the degrader dropped), is a loss no folder shows.
  public static func isTraceless(
    _ violation: Violation, _ explanation: Explanation, _ session: GeneratedSession,
    leftOut: [StageEvent]
  ) -> Bool {
    guard let basis = violation.basis, explanation.divergences.isEmpty else { return false }
    let participant: String
    let undone: Bool
    switch basis {
    case .label(let id, let claimed, let time):
      participant = id
      undone = labelHolds(claimed, id, at: time, session, without: leftOut)
    case .exchange(let id, let time):
      participant = id
      undone = leftOut.contains {
        $0.kind == .tokenExchanged && $0.participant == id && $0.time == time
      }
    case .sighting(let observer, let exchanger, let window):
      participant = observer
      undone = staysLeftOut(observer, stale: exchanger, in: window, session.truth, leftOut)
    case .stay(let observer, let time):
      participant = observer
      undone = stayLeftOut(observer, at: time, session.truth, leftOut)
    case .told(let observer, let exchanger, let values, let since, let told):
      participant = observer
      undone = toldWithout(
        observer, of: exchanger, values, since: since, at: told, session, leftOut)
    }
    return undone && explanation.session.manifest == nil
      && silent(about: participant, explanation.session)
  }

  /// Those of `violations` that are true of the session `Counterfactual` finds the folder to
  /// be the whole record of: the session played again without the steps all of whose events
  /// were on the pages left out (`leftOut`), its events those the folder holds to the second,
  /// its other files the same (finding 47000227: an observer's network drop lost with the one
  /// page that held its every record, its stops and restarts of three subscriptions). The
  /// reading must reproduce every recorded event and the import mark none of those
  /// participants' records as missing, as for `isTraceless`.
  public static func unseen(
    _ violations: [Violation], _ explanation: Explanation, _ session: GeneratedSession,
    leftOut: [StageEvent], complete: Bool
  ) -> [Violation] {
    guard !violations.isEmpty, explanation.divergences.isEmpty,
      explanation.session.manifest == nil,
      let (other, participants) = Counterfactual.session(session, without: leftOut),
      participants.allSatisfy({ silent(about: $0, explanation.session) })
    else { return [] }
    let again = SoundnessChecker.violations(explanation, other, complete: complete)
    return absent(violations, from: again)
  }

  /// Whether the import marked none of `participant`'s records as missing: no history gap,
  /// no unanswered page, no end its get-participant contradicts, no finding.
  private static func silent(about participant: String, _ session: ImportedSession) -> Bool {
    !session.historyGaps.contains { $0.participant == participant }
      && !session.unansweredPages.contains { $0.participant == participant }
      && session.endsUnrecorded[participant] == nil
      && !session.findings.contains { $0.contains(participant) }
  }

  /// Those of `violations` (claims with no basis of their own: a total, an observer's stale
  /// time, the customer answer) that only the `traceless` missing sightings make false: checked
  /// again against the truth without what those observers showed in those windows, they hold
  /// (finding 43001007: an observer's lost stay left out of its total as of its sighting).
  public static func derived(
    _ violations: [Violation], of traceless: [Violation], _ explanation: Explanation,
    _ session: GeneratedSession, complete: Bool
  ) -> [Violation] {
    let candidates = violations.filter { $0.basis == nil }
    guard !candidates.isEmpty else { return [] }
    var told = session
    for violation in traceless {
      guard case .sighting(let observer, let exchanger, let window) = violation.basis else {
        continue
      }
      told.truth = told.truth.clipping(observer, exchanger, to: window)
    }
    guard
      told.truth.spans.count != session.truth.spans.count
        || told.truth.totalStaleSeconds != session.truth.totalStaleSeconds
    else { return [] }
    let again = SoundnessChecker.violations(explanation, told, complete: complete)
    return absent(candidates, from: again)
  }

  /// Those of `violations` no violation of `again` (the same claims checked against another
  /// truth) matches in kind and subject.
  private static func absent(_ violations: [Violation], from again: [Violation]) -> [Violation] {
    violations.filter { violation in
      !again.contains { $0.kind == violation.kind && $0.subject == violation.subject }
    }
  }

  /// The seconds of `observer`'s `JOINED`s among `leftOut`.
  private static func lostJoins(of observer: String, _ leftOut: [StageEvent]) -> Set<Int64> {
    Set(leftOut.filter { $0.kind == .joined && $0.participant == observer }.map(\.time))
  }

  /// The model's server events on the list-participant-events pages of `whole` that
  /// `degraded` lacks (a page, or a participant's pages, left out).
  public static func leftOut(
    _ whole: RenderedFolder, _ degraded: RenderedFolder, _ session: GeneratedSession
  ) -> [StageEvent] {
    let kept = Set(degraded.files.filter { $0.kind == .events }.map(\.name))
    let lost = whole.files.filter { $0.kind == .events && !kept.contains($0.name) }
    let records = Set(lost.flatMap { $0.json["events"]?.arrayValue ?? [] }.map(JSONWriter.compact))
    guard !records.isEmpty else { return [] }
    let times = FolderRenderer.eventTimes(session.events)
    return session.events.filter {
      $0.source == .server && $0.participant != nil
        && records.contains(JSONWriter.compact(FolderRenderer.record($0, times)))
    }
  }

  /// Whether `claimed` is `id`'s label at `time` once its exchanges in `leftOut` are undone,
  /// and one of them came before `time` (else the loss is not what makes the label false).
  private static func labelHolds(
    _ claimed: String, _ id: String, at time: Int64, _ session: GeneratedSession,
    without leftOut: [StageEvent]
  ) -> Bool {
    let exchanges = session.events.filter {
      $0.source == .server && $0.kind == .tokenExchanged && $0.participant == id
        && $0.time <= time
    }
    let lost = Set(leftOut.map(\.seq))
    guard !claimed.hasSuffix(RecordImporter.asJoined),
      exchanges.contains(where: { lost.contains($0.seq) }),
      let joined = session.participants.first(where: { $0.id == id })
    else { return false }
    var values = [ParticipantMetadata(userId: joined.userId, attributes: joined.attributes)]
    for exchange in exchanges where !lost.contains(exchange.seq) {
      guard let token = exchange.exchange?.newToken else { continue }
      let value = ParticipantMetadata(userId: token.userId, attributes: token.attributes)
      // Values set in the labelled second count, as the checker counts them.
      values = exchange.time == time ? values + [value] : [value]
    }
    return values.contains { SoundnessChecker.stated(claimed, id, $0) }
  }

  /// Whether `observer` was first told `participant`'s `values` (set in second `since`) in a
  /// stay whose `JOINED` is in `leftOut`, and `told` (milliseconds) is what told it first in
  /// the stays left: without the lost stay, "saw it at `told`" is true.
  private static func toldWithout(
    _ observer: String, of participant: String, _ values: ParticipantMetadata, since: Int64,
    at told: Int64, _ session: GeneratedSession, _ leftOut: [StageEvent]
  ) -> Bool {
    let joins = lostJoins(of: observer, leftOut)
    let stays = session.truth.connected[observer] ?? []
    // A second two stays share (a leave and a join again) belongs to the later one.
    let lost = { (second: Int64) -> Bool in
      stays.last { $0.contains(second) }.map { joins.contains($0.lowerBound) } ?? false
    }
    let truth = session.truth
    guard let first = truth.firstShowing(observer, participant, values, from: since),
      lost(first),
      let kept = truth.firstShowing(
        observer, participant, values, from: since, where: { !lost($0) })
    else { return false }
    return SoundnessChecker.tellings(observer, about: participant, at: kept, session)
      .contains(told)
  }

  /// Whether every stay of `observer` within the checker's slack of second `time` began with
  /// a `JOINED` in `leftOut`: without those stays, it joined after `time` (finding 51014277).
  private static func stayLeftOut(
    _ observer: String, at time: Int64, _ truth: SessionTruth, _ leftOut: [StageEvent]
  ) -> Bool {
    let joins = lostJoins(of: observer, leftOut)
    let near = (time - SoundnessChecker.slack)...(time + SoundnessChecker.slack)
    let stays = truth.connected[observer]?.filter { $0.overlaps(near) } ?? []
    return !stays.isEmpty && stays.allSatisfy { joins.contains($0.lowerBound) }
  }

  /// Whether every stay of `observer` in which it showed `participant`'s replaced values
  /// within `window` began with a `JOINED` in `leftOut`: without those stays, it was not there.
  private static func staysLeftOut(
    _ observer: String, stale participant: String, in window: Range<Int64>,
    _ truth: SessionTruth, _ leftOut: [StageEvent]
  ) -> Bool {
    let joins = lostJoins(of: observer, leftOut)
    let spans = truth.spans.filter {
      $0.observer == observer && $0.participant == participant && $0.until > window.lowerBound
        && $0.from < window.upperBound
    }
    return !spans.isEmpty
      && spans.allSatisfy { span in
        truth.connected[observer]?.contains {
          $0.contains(span.from) && joins.contains($0.lowerBound)
        } ?? false
      }
  }
}
