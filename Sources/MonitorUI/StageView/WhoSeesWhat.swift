import IVSRules
import StageEngine

/// "Who sees what" about the selected participant without its rows: where in the snapshot
/// each client observer's view of the subject is, and the compositions' rows. Finding the
/// views visits every participant once and copies nothing; a row (`ObserverBelief`) is made
/// only when the detail pane draws it or `c` copies the table, so selecting a publisher seen
/// by ten thousand observers costs one scan, not ten thousand rows.
public struct WhoSeesWhat: Sendable {
  /// The selected participant's ID.
  public let subject: String
  private let views: ObserverViews
  /// The compositions' rows (one per composition that shows the subject), always last:
  /// refreshed alone when only compositions changed.
  public var compositionRows: [ObserverBelief]
  /// Observers whose SDK was guessed: their rows' profiles are marked.
  let sdkGuesses: SDKGuesses

  /// Finds every observer's view of `subject` in `snapshot` (table order), compositions last.
  public init(about subject: String, in snapshot: StageSnapshot, sdkGuesses: SDKGuesses = .init()) {
    self.subject = subject
    self.sdkGuesses = sdkGuesses
    views = snapshot.participants.withUnsafeBufferPointer { Self.views(of: subject, in: $0) }
    compositionRows = ObserverBelief.compositions(about: subject, in: snapshot)
  }

  /// Where each of `participants` holds its view of `subject`. A participant never holds a
  /// view of itself, so the subject's own row finds nothing. Through a buffer, not iterated:
  /// iterating would copy (retain and release) every participant, and indexing the array checks
  /// its bounds on each of 10,000 reads. Lengths are compared first, as two IDs of different
  /// lengths compare slowly. Observers that see the publishers alike share one array
  /// (`Stage.snapshot()`), so the subject is at the same place for a whole stretch of
  /// participants whose arrays have the same storage: each stretch is searched once and added
  /// as one run.
  private static func views(
    of subject: String, in participants: UnsafeBufferPointer<ParticipantSnapshot>
  ) -> ObserverViews {
    var views = ObserverViews()
    let length = subject.utf8.count
    var last: (storage: UnsafeRawPointer?, remote: Int?) = (nil, nil)
    var start = participants.startIndex
    while start < participants.endIndex {
      let storage = Self.storage(of: participants[start].remotes)
      if storage == nil || storage != last.storage {
        let remote = participants[start].remotes.firstIndex {
          $0.participant.utf8.count == length && $0.participant == subject
        }
        last = (storage, remote)
      }
      var end = start + 1
      while storage != nil, end < participants.endIndex,
        Self.storage(of: participants[end].remotes) == storage
      {
        end += 1
      }
      if let remote = last.remote { views.append(participants: start..<end, remote: remote) }
      start = end
    }
    return views
  }

  /// Where `remotes` keeps its elements: two arrays alive at once with the same storage hold
  /// the same elements.
  private static func storage(of remotes: [RemoteViewSnapshot]) -> UnsafeRawPointer? {
    remotes.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }

  /// Rows in all: client observers, then compositions.
  public var count: Int { views.count + compositionRows.count }

  /// Row `index`, made now from `snapshot` (the one these views were found in); nil outside
  /// the rows or when the snapshot no longer holds that view. The observer's profile is marked
  /// when its SDK was guessed.
  public func row(_ index: Int, in snapshot: StageSnapshot) -> ObserverBelief? {
    guard index >= 0, index < count else { return nil }
    guard index < views.count else { return compositionRows[index - views.count] }
    let at = views[index]
    guard at.participant < snapshot.participants.count else { return nil }
    let observer = snapshot.participants[at.participant]
    guard at.remote < observer.remotes.count else { return nil }
    let view = observer.remotes[at.remote]
    guard view.participant == subject else { return nil }
    return ObserverBelief(
      observer: observer.id, profile: sdkGuesses.profile(observer.sdk, of: observer.id),
      believed: view.believed, isStale: view.isStale, reason: view.staleReason,
      rule: view.staleRule)
  }

  /// The rules that keep rows stale, each once, first cited first (what `w` opens): the
  /// distinct `rule`s of `rows(in:)` without making a row. Observers that share one array of
  /// views (a stretch of the scan in `init`) hold the same view, so each stretch is read once
  /// and `w` on a publisher seen by ten thousand observers formats nothing.
  public func staleRules(in snapshot: StageSnapshot) -> [RuleID] {
    var rules: [RuleID] = []
    func cite(_ rule: RuleID?) {
      if let rule, !rules.contains(rule) { rules.append(rule) }
    }
    snapshot.participants.withUnsafeBufferPointer { participants in
      var last: (storage: UnsafeRawPointer?, remote: Int)?
      for (range, remote) in views.placements {
        for index in range where index < participants.endIndex {
          let remotes = participants[index].remotes
          let storage = Self.storage(of: remotes)
          if storage != nil, let last, last.storage == storage, last.remote == remote { continue }
          last = (storage, remote)
          guard remote < remotes.count, remotes[remote].participant == subject else { continue }
          cite(remotes[remote].staleRule)
        }
      }
    }
    for row in compositionRows { cite(row.rule) }
    return rules
  }

  /// Every row, made now (for copying the table and for tests; never per frame).
  public func rows(in snapshot: StageSnapshot) -> [ObserverBelief] {
    (0..<count).compactMap { row($0, in: snapshot) }
  }
}
