/// What `ExchangeFollower` knows of the stage at each event of a run: which clients ever
/// connected (in join order, with their SDK profile) and which are connected now, which
/// compositions run and whom each lays out, who publishes, and when (by the ordinal of the
/// event) each participant last stopped publishing, left or disconnected. The follower asks
/// it who is there to watch an exchange and why an observer was told when it was.
struct StageRoster {
  /// Something a participant did that can tell its observers its values again.
  enum Occurrence: CaseIterable {
    /// It stopped publishing (`PUBLISH_STOPPED`).
    case unpublished
    /// It left the stage (`LEFT`).
    case left
    /// Its client disconnected (left, or dropped off the network).
    case disconnected
  }

  /// Every client that ever connected, in the order each first connected.
  private(set) var clients: [String] = []
  /// Each client's SDK profile as its latest connection stated it.
  private var profiles: [String: String] = [:]
  /// The clients connected now.
  private(set) var connected: Set<String> = []
  /// The compositions running now, in the order they started.
  private(set) var compositions: [String]
  /// The participants each composition lays out now.
  private var layouts: [String: Set<String>] = [:]
  /// The participants publishing now.
  private(set) var publishing: Set<String> = []
  /// The ordinal of the event at which each participant last did each occurrence.
  private var latest: [Occurrence: [String: Int]] = [:]
  /// The sequence number of each participant's latest `PUBLISH_STARTED` and `JOINED`.
  private var lastPublishStarted: [String: Int] = [:]
  private var lastJoined: [String: Int] = [:]
  /// The sequence number of each client's latest disconnection.
  private var lastDisconnected: [String: Int] = [:]

  /// Starts with `compositions` running and nobody connected.
  init(compositions: [String]) {
    self.compositions = compositions
  }

  /// The SDK profile `client` connected with (empty when unknown).
  func profile(of client: String) -> String { profiles[client] ?? "" }

  /// Whether `composition` lays out `participant` now.
  func lays(out participant: String, in composition: String) -> Bool {
    layouts[composition]?.contains(participant) ?? false
  }

  /// Whether `id` did `occurrence` after the event numbered `ordinal`.
  func did(_ occurrence: Occurrence, _ id: String, after ordinal: Int) -> Bool {
    (latest[occurrence]?[id] ?? 0) > ordinal
  }

  /// `client` connected with `profile`.
  mutating func connect(_ client: String, profile: String) {
    connected.insert(client)
    if profiles.updateValue(profile, forKey: client) == nil { clients.append(client) }
  }

  /// `client` disconnected at the event numbered `ordinal` (sequence number `seq`).
  mutating func disconnect(_ client: String, at ordinal: Int, seq: Int) {
    connected.remove(client)
    lastDisconnected[client] = seq
    latest[.disconnected, default: [:]][client] = ordinal
  }

  /// `participant` started publishing, by the server event numbered `seq`.
  mutating func startPublishing(_ participant: String, seq: Int) {
    publishing.insert(participant)
    lastPublishStarted[participant] = seq
  }

  /// `participant` joined the stage, by the server event numbered `seq`.
  mutating func join(_ participant: String, seq: Int) { lastJoined[participant] = seq }

  /// The sequence number of the server event that made `observer`'s SDK report
  /// `participant` joined: the later of the participant's latest `PUBLISH_STARTED` and the
  /// observer's own latest `JOINED` (an SDK reports only publishers, from when it is there).
  func serverEvent(showing participant: String, to observer: String) -> Int? {
    let published = lastPublishStarted[participant]
    let joined = lastJoined[observer]
    let latest = [published, joined].compactMap { $0 }.max()
    // The observer's SDK reconnected after a network drop since: no server event told it.
    if let latest, let dropped = lastDisconnected[observer], dropped > latest { return nil }
    return latest
  }

  /// `participant` stopped publishing at the event numbered `ordinal`.
  mutating func stopPublishing(_ participant: String, at ordinal: Int) {
    publishing.remove(participant)
    latest[.unpublished, default: [:]][participant] = ordinal
  }

  /// `participant` left the stage at the event numbered `ordinal`.
  mutating func leave(_ participant: String, at ordinal: Int) {
    latest[.left, default: [:]][participant] = ordinal
  }

  /// `composition` started (once, however often it is reported).
  mutating func start(composition: String) {
    if !compositions.contains(composition) { compositions.append(composition) }
  }

  /// `composition` stopped: it lays out nobody.
  mutating func stop(composition: String) {
    compositions.removeAll { $0 == composition }
    layouts[composition] = nil
  }

  /// `composition` now lays out `participants`: who came into view and who left it.
  mutating func relayout(_ composition: String, showing participants: Set<String>)
    -> (shown: Set<String>, hidden: Set<String>)
  {
    let before = layouts.updateValue(participants, forKey: composition) ?? []
    return (participants.subtracting(before), before.subtracting(participants))
  }
}
