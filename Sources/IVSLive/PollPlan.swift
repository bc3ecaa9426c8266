import Seeded

/// What `attach` reads next, within a request budget shared with the customer's own backend:
/// the participant list every `listEvery` requests (every other request on a stage so big that
/// a list takes more than half of them); then a participant who joined since the
/// list before (so a join is on screen within `joinDelay(atRate:pages:)`); then, taking turns,
/// publishers and participants who exchanged tokens (new or changed ones first) and viewers
/// (new or changed ones first, in a seeded random order, so those read so far are a simple
/// random sample of the viewers the list showed). Each participant read for the first time
/// or after a change comes with its details (GetParticipant); a connected one is read again
/// in turn, a disconnected one once more and then left. Pure: it counts requests, not
/// seconds, and draws from its own seeded generator, so every plan is testable.
public struct PollPlan: Sendable {
  /// One thing to read.
  public enum Step: Sendable, Equatable {
    /// Every page of ListParticipants.
    case listParticipants
    /// A participant's events, with GetParticipant first when `details`.
    case participant(String, details: Bool)
  }

  /// What ListParticipants says of one participant.
  public struct Summary: Sendable, Equatable {
    /// The participant's ID.
    public let id: String
    /// Its state is CONNECTED.
    public let connected: Bool
    /// It has published in the session.
    public let published: Bool

    /// Creates a summary.
    public init(id: String, connected: Bool, published: Bool) {
      self.id = id
      self.connected = connected
      self.published = published
    }
  }

  /// Whose turn it is among the participants: publishers and exchangers, or viewers.
  enum Kind: Sendable { case speaker, viewer }

  /// Participants of one kind: new or changed ones to read first, then the connected ones in
  /// turn.
  struct Queue: Sendable {
    var urgent: [String] = []
    var ring: [String] = []
    var cursor = 0

    var isEmpty: Bool { urgent.isEmpty && ring.isEmpty }

    mutating func next() -> Step? {
      if !urgent.isEmpty { return .participant(urgent.removeFirst(), details: true) }
      guard !ring.isEmpty else { return nil }
      cursor %= ring.count
      defer { cursor += 1 }
      return .participant(ring[cursor], details: false)
    }

    mutating func remove(_ id: String) {
      urgent.removeAll { $0 == id }
      ring.removeAll { $0 == id }
    }
  }

  /// A list is due every this many requests (from the start of one list to the next).
  public static let listEvery = 10
  /// Requests since the last list began (its pages included).
  private var sinceList = 0
  /// Pages the last list took.
  private var pages = 1
  private var known: [String: Summary] = [:]
  private var hasListed = false
  /// Joined since the list before: read before anyone else.
  private var joined: [String] = []
  private var speakers = Queue()
  private var viewers = Queue()
  private var exchanged: Set<String> = []
  private var viewersTurn = false
  /// Participants whose events were read at least once.
  private var read: Set<String> = []
  /// The viewers the first list showed, read in a random order: what the sample is of.
  private var frame: Set<String> = []
  /// Those of `frame` whose details were read, in the order read: a simple random sample.
  private var sample: [String] = []
  private var inSample: Set<String> = []
  private var random: SeededRandom

  /// An empty plan: it lists first. `seed` orders the viewers read (tests fix it).
  public init(seed: UInt64 = UInt64.random(in: .min ... .max)) {
    random = SeededRandom(seed: seed)
  }

  /// Requests from the start of one list to the next when a list takes `pages` of them.
  static func period(pages: Int) -> Int { max(listEvery, 2 * max(1, pages)) }

  /// The next thing to read.
  public mutating func next() -> Step {
    guard hasListed, sinceList < Self.period(pages: pages) else { return list() }
    let step: Step?
    if !joined.isEmpty {
      step = .participant(joined.removeFirst(), details: true)
    } else {
      viewersTurn.toggle()
      let viewerFirst = viewersTurn && !viewers.isEmpty
      let fromViewers = viewerFirst || speakers.isEmpty
      step = viewerFirst ? viewers.next() : speakers.next() ?? viewers.next()
      if fromViewers, case .participant(let id, true)? = step, frame.contains(id),
        inSample.insert(id).inserted
      {
        sample.append(id)
      }
    }
    guard case .participant(let id, let details)? = step else { return list() }
    read.insert(id)
    sinceList += details ? 2 : 1
    return .participant(id, details: details)
  }

  private mutating func list() -> Step {
    sinceList = pages
    return .listParticipants
  }

  /// Takes in a fresh participant list, read in `pages` requests: who joined since the list
  /// before goes first, who is new or changed next; who left is read once more and then no
  /// longer visited.
  public mutating func listed(_ summaries: [Summary], pages: Int = 1) {
    self.pages = max(1, pages)
    for summary in summaries where known[summary.id] != summary {
      let isNew = known[summary.id] == nil
      known[summary.id] = summary
      joined.removeAll { $0 == summary.id }
      speakers.remove(summary.id)
      viewers.remove(summary.id)
      if isNew && hasListed && summary.connected {
        joined.append(summary.id)
      } else {
        if !hasListed && kind(of: summary) == .viewer { frame.insert(summary.id) }
        enqueue(summary.id, kind: kind(of: summary))
      }
      if summary.connected { join(summary.id, kind: kind(of: summary)) }
    }
    hasListed = true
  }

  /// Takes in that `id`'s events show a token exchange: it is read with the publishers.
  public mutating func exchanged(_ id: String) {
    guard exchanged.insert(id).inserted, let summary = known[id] else { return }
    let wasUrgent = viewers.urgent.contains(id)
    let wasConnected = viewers.ring.contains(id)
    viewers.remove(id)
    if wasUrgent { speakers.urgent.append(id) }
    if wasConnected || summary.connected { join(id, kind: .speaker) }
  }

  private func kind(of summary: Summary) -> Kind {
    summary.published || exchanged.contains(summary.id) ? .speaker : .viewer
  }

  /// Puts `id` among the urgent of `kind`: a viewer at a random place, so the viewers read
  /// first are a random sample.
  private mutating func enqueue(_ id: String, kind: Kind) {
    switch kind {
    case .speaker: speakers.urgent.append(id)
    case .viewer:
      let place = Int(random.next() % UInt64(viewers.urgent.count + 1))
      viewers.urgent.insert(id, at: place)
    }
  }

  private mutating func join(_ id: String, kind: Kind) {
    switch kind {
    case .speaker: if !speakers.ring.contains(id) { speakers.ring.append(id) }
    case .viewer: if !viewers.ring.contains(id) { viewers.ring.append(id) }
    }
  }

  /// The viewers whose details were read out of the random order, and how many viewers that
  /// order was drawn from (the first list's viewers who still neither publish nor exchanged):
  /// a simple random sample, what `ViewerSDKMix` estimates the viewers' SDKs from.
  public var viewerSample: (read: [String], viewers: Int) {
    let isViewer = { (id: String) in
      !self.exchanged.contains(id) && self.known[id]?.published != true
    }
    return (sample.filter(isViewer), frame.lazy.filter(isViewer).count)
  }

  /// How far the plan has come: participants whose events were read, of those listed.
  public var progress: (read: Int, listed: Int) { (read.count, known.count) }

  /// Requests until every listed participant's events were read once: two a participant
  /// (its details and events), and the lists that come between.
  public var requestsToReadAll: Int {
    let unread = known.keys.lazy.filter { !read.contains($0) }.count
    let period = Self.period(pages: pages)
    let between = max(1, period - pages)
    return unread * 2 + (unread * 2 / between) * pages
  }

  /// Pages the last list took.
  public var listPages: Int { pages }

  /// Seconds a list comes every at `rate` requests a second when it takes `pages` requests.
  public static func listPeriod(atRate rate: Double, pages: Int = 1) -> Double {
    Double(period(pages: pages)) / rate
  }

  /// Seconds from a join on the stage to its events read, at most, at `rate` requests a
  /// second when a list takes `pages` requests: a join just after its page was read waits for
  /// the next list (one period), that list's pages, then the joiner's details and events.
  /// What `attach` states, and meets.
  public static func joinDelay(atRate rate: Double, pages: Int = 1) -> Double {
    Double(period(pages: pages) + max(1, pages) + 2) / rate
  }
}
