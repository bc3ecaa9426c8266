/// The IVS real-time operations stagemon sends, as data: what botocore keeps in the service's
/// `service-2.json` (the name, hence the path and the IAM action) and `paginators-1.json` (which
/// member holds a listing's items), plus the call-rate quota AWS documents for each, so the
/// pacer, the paginator, the IAM policy and the error messages read one table instead of
/// repeating names and rates at their call sites.
///
/// Quotas: "IVS Service Quotas | Real-Time Streaming", API Call Rate Quotas
/// (https://docs.aws.amazon.com/ivs/latest/RealTimeUserGuide/service-quotas.html): 5 TPS for
/// each Stage Get/List operation, 50 for CreateParticipantToken, 3 for the PublicKey ones —
/// per account and region, and not adjustable.
public struct IVSOperation: Sendable, Hashable, CustomStringConvertible {
  /// The operation's name, as in `POST /GetStage`.
  public let name: String
  /// Requests a second the account may send, in all its clients together.
  public let quota: Double
  /// How its answer pages, nil when it answers in one piece.
  public let listing: Listing?

  /// A paginated operation's shape: the member holding its items and the most pages stagemon
  /// reads before it calls the listing endless.
  public struct Listing: Sendable, Hashable {
    /// The answer's member holding the page's items (botocore's `result_key`).
    public let itemsKey: String
    /// Pages read at most. The API reference states no largest number of sessions,
    /// participants, events or keys, so this is stagemon's bound (docs/SECURITY.md says why
    /// each is what it is): far above any real listing, and an end to an endless one.
    public let maximumPages: Int
  }

  /// The share of a quota stagemon takes: the rest is left to the customer's own backend,
  /// which shares the account's budget.
  public static let shareOfQuota = 0.8
  /// The most items a page may hold: the largest `maxResults` the API accepts, which
  /// stagemon always asks for.
  public static let pageSize = 100

  /// The IAM action that allows it (`ivs:GetStage`).
  public var iamAction: String { "ivs:\(name)" }
  /// Requests a second stagemon sends of it at most: `shareOfQuota` of the quota.
  public var pace: Double { quota * Self.shareOfQuota }
  /// The name.
  public var description: String { name }

  /// `GetStage`: the stage and its active session.
  public static let getStage = Self(name: "GetStage", quota: 5, listing: nil)
  /// `ListStageSessions`: the stage's sessions, newest first.
  public static let listStageSessions = Self(
    name: "ListStageSessions", quota: 5,
    listing: Listing(itemsKey: "stageSessions", maximumPages: 1_000))
  /// `GetStageSession`: one session's start and end.
  public static let getStageSession = Self(name: "GetStageSession", quota: 5, listing: nil)
  /// `ListParticipants`: a session's participants, one per join.
  public static let listParticipants = Self(
    name: "ListParticipants", quota: 5,
    listing: Listing(itemsKey: "participants", maximumPages: 2_000))
  /// `GetParticipant`: one participant with its client's OS, browser and SDK.
  public static let getParticipant = Self(name: "GetParticipant", quota: 5, listing: nil)
  /// `ListParticipantEvents`: one participant's events.
  public static let listParticipantEvents = Self(
    name: "ListParticipantEvents", quota: 5,
    listing: Listing(itemsKey: "events", maximumPages: 1_000))
  /// `CreateParticipantToken`: a token IVS signs.
  public static let createParticipantToken = Self(
    name: "CreateParticipantToken", quota: 50, listing: nil)
  /// `ImportPublicKey`: registers a public key for tokens stagemon signs.
  public static let importPublicKey = Self(name: "ImportPublicKey", quota: 3, listing: nil)
  /// `ListPublicKeys`: the account's public keys in the region.
  public static let listPublicKeys = Self(
    name: "ListPublicKeys", quota: 3,
    listing: Listing(itemsKey: "publicKeys", maximumPages: 100))
  /// `DeletePublicKey`.
  public static let deletePublicKey = Self(name: "DeletePublicKey", quota: 3, listing: nil)

  /// Every operation stagemon sends.
  public static let all: [IVSOperation] = [
    .getStage, .listStageSessions, .getStageSession, .listParticipants, .getParticipant,
    .listParticipantEvents, .createParticipantToken, .importPublicKey, .listPublicKeys,
    .deletePublicKey,
  ]

  /// What `fetch`, `explain --stage` and `attach` send: they only read.
  public static let reads: [IVSOperation] = [
    .getStage, .listStageSessions, .getStageSession, .listParticipants, .getParticipant,
    .listParticipantEvents,
  ]
}
