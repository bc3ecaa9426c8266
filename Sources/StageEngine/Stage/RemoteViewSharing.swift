/// Observers that see every publisher alike share one `[RemoteViewSnapshot]` (copy-on-write).
///
/// A fan-out (a publish, a leave, a reconnect) changes what every one of 10,000 observers sees
/// of others, and most of them see the publishers identically. Building an array per observer
/// allocated 10,000 arrays, each retaining the publishers' IDs and metadata, and freed the old
/// ones: most of a refresh after a fan-out. One snapshot pass keeps each array it built with
/// what it was built from; an observer whose views equal those gets the same array (one
/// retain). It is a cache that compares the very values an array is made from — each
/// publisher's view (known, subscription, streams, believed version) and, when a belief is
/// stale, the SDK its reason names — so sharing never changes the snapshot's values. A
/// publisher does not see itself, so its array is its own.
struct RemoteViewSharing {
  /// Distinct arrays kept at once: observers differ by SDK (stale reasons) and by what they
  /// subscribed to, a handful of kinds; past this the oldest kind is replaced.
  static let capacity = 16
  /// The publishers' slots: a lookup per observer, which a list of 12 would scan.
  private let publishers: SlotSet
  /// Each publisher's column in `views`, in publish order.
  private let columns: [Int]
  /// The stage's views, held for the pass: calling a method on the stage's property copies
  /// the table (retaining and releasing its storage) on each of 10,000 calls.
  private let views: ViewTable
  /// The arrays kept in this pass, oldest first until `capacity`, then replaced in turn.
  private var arrays: [[RemoteViewSnapshot]] = []
  /// What array `i` was built from, apart from it so that comparing retains nothing: the
  /// builder's view of each publisher (`columns.count` per array, in `rows`) and the SDK
  /// profile an observer must have to share it (`profiles`).
  private var rows: [RemoteView] = []
  /// The builder's SDK profile when one of its stale beliefs names its SDK in the reason, so
  /// only an observer on the same SDK sees the same text; nil when any observer will do.
  private var profiles: [Int?] = []
  /// The array matched last, tried first: consecutive observers tend to match.
  private var lastMatch = 0
  /// The array the next `keep` replaces once `capacity` are kept.
  private var nextReplaced = 0

  /// Sharing for one pass over `stage` (its views must not change during the pass).
  init(_ stage: Stage) {
    var publishers = SlotSet()
    for slot in stage.publishOrder { publishers.insert(slot) }
    self.publishers = publishers
    columns = stage.publishOrder.map { stage.clients[$0].publisherSlot }
    views = stage.views
  }

  /// The array built earlier in this pass for an observer that sees the publishers as `slot`
  /// does, if any: the last one matched first.
  mutating func shared(with slot: Int, in stage: Stage) -> [RemoteViewSnapshot]? {
    guard !publishers.contains(slot) else { return nil }
    if lastMatch < arrays.count, array(lastMatch, fits: slot, in: stage) {
      return arrays[lastMatch]
    }
    for index in arrays.indices where index != lastMatch {
      if array(index, fits: slot, in: stage) {
        lastMatch = index
        return arrays[index]
      }
    }
    return nil
  }

  /// Keeps `remotes`, just built for `slot`, for observers that see the publishers alike.
  mutating func keep(_ remotes: [RemoteViewSnapshot], builtFor slot: Int, in stage: Stage) {
    guard !publishers.contains(slot) else { return }
    let profile = remotes.contains(where: \.isStale) ? stage.clients.summaries[slot].profile : nil
    let row = columns.map { views[ViewIndex(observer: slot, column: $0)] }
    if arrays.count < Self.capacity {
      rows.append(contentsOf: row)
      profiles.append(profile)
      arrays.append(remotes)
      lastMatch = arrays.count - 1
    } else {
      let start = nextReplaced * columns.count
      rows.replaceSubrange(start..<(start + columns.count), with: row)
      profiles[nextReplaced] = profile
      arrays[nextReplaced] = remotes
      lastMatch = nextReplaced
      nextReplaced = (nextReplaced + 1) % Self.capacity
    }
  }

  /// Whether `slot` holds the views array `index` was built from, and the builder's SDK profile
  /// when a stale reason names it (the same profile index, as the stage keeps each profile once).
  private func array(_ index: Int, fits slot: Int, in stage: Stage) -> Bool {
    if let profile = profiles[index], stage.clients.summaries[slot].profile != profile {
      return false
    }
    var position = index * columns.count
    for column in columns {
      guard views[ViewIndex(observer: slot, column: column)] == rows[position] else { return false }
      position += 1
    }
    return true
  }
}

extension Stage {
  /// `remoteViews(of:)`, shared with an observer `sharing` built it for when they see the
  /// publishers alike.
  func remoteViews(of slot: Int, sharing: inout RemoteViewSharing) -> [RemoteViewSnapshot] {
    if let shared = sharing.shared(with: slot, in: self) { return shared }
    let remotes = remoteViews(of: slot)
    sharing.keep(remotes, builtFor: slot, in: self)
    return remotes
  }
}
