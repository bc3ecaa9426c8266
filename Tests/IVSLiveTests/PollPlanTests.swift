import Seeded
import Testing

@testable import IVSLive

struct PollPlanTests {
  static func summary(_ id: String, connected: Bool = true, published: Bool = false)
    -> PollPlan.Summary
  {
    PollPlan.Summary(id: id, connected: connected, published: published)
  }

  static func cost(_ step: PollPlan.Step, pages: Int = 1) -> Int {
    switch step {
    case .listParticipants: return pages
    case .participant(_, let details): return details ? 2 : 1
    }
  }

  @Test func theListComesFirstAndThenEveryTenRequests() {
    var plan = PollPlan(seed: 1)
    #expect(plan.next() == .listParticipants)
    plan.listed([Self.summary("a")])
    var requests = 1
    var lists: [Int] = [0]
    for _ in 0..<30 {
      let step = plan.next()
      if step == .listParticipants { lists.append(requests) }
      requests += Self.cost(step)
    }
    #expect(lists.count >= 3)
    #expect(zip(lists, lists.dropFirst()).allSatisfy { $1 - $0 == PollPlan.listEvery }, "\(lists)")
  }

  @Test func aBigStagesListTakesAtMostHalfTheRequests() {
    var plan = PollPlan(seed: 1)
    _ = plan.next()
    plan.listed((0..<1_000).map { Self.summary("p\($0)") }, pages: 10)
    var listing = 0
    var all = 0
    for _ in 0..<500 {
      let step = plan.next()
      listing += step == .listParticipants ? 10 : 0
      all += Self.cost(step, pages: 10)
    }
    #expect(Double(listing) <= 0.5 * Double(all) + 10, "\(listing) of \(all)")
  }

  @Test func newPublishersAreReadFirstWithTheirDetails() {
    var plan = PollPlan(seed: 1)
    _ = plan.next()
    plan.listed([Self.summary("a", published: true), Self.summary("b", published: true)])
    #expect(plan.next() == .participant("a", details: true))
    #expect(plan.next() == .participant("b", details: true))
    #expect(plan.next() == .participant("a", details: false))
    #expect(plan.next() == .participant("b", details: false))
  }

  @Test func publishersAndExchangersTakeEveryOtherRequestWhileViewersWait() {
    var plan = PollPlan(seed: 7)
    _ = plan.next()
    plan.listed(
      [Self.summary("host", published: true)] + (0..<50).map { Self.summary("v\($0)") })
    plan.exchanged("v3")
    let steps = (0..<40).map { _ in plan.next() }.filter { $0 != .listParticipants }
    let speakers = steps.filter {
      if case .participant(let id, _) = $0 { return id == "host" || id == "v3" }
      return false
    }
    #expect(speakers.count * 2 >= steps.count - 1, "\(steps)")
    #expect(steps.prefix(4).contains(.participant("v3", details: true)), "\(steps)")
  }

  @Test func viewersAreReadInASeededRandomOrder() {
    func order(seed: UInt64) -> [String] {
      var plan = PollPlan(seed: seed)
      _ = plan.next()
      plan.listed((0..<30).map { Self.summary("v\($0)") })
      return (0..<60).compactMap {
        _ in
        if case .participant(let id, true) = plan.next() { return id }
        return nil
      }
    }
    let first = order(seed: 42)
    #expect(first == order(seed: 42))
    #expect(first != order(seed: 43))
    #expect(Set(first).count == first.count)
    #expect(first != first.sorted { Int($0.dropFirst()) ?? 0 < Int($1.dropFirst()) ?? 0 })
  }

  @Test func aChangedParticipantJumpsTheQueue() {
    var plan = PollPlan(seed: 1)
    _ = plan.next()
    plan.listed([Self.summary("a", published: true), Self.summary("b", published: true)])
    _ = plan.next()
    _ = plan.next()
    plan.listed([Self.summary("a", published: true), Self.summary("b", connected: false)])
    let next = (0..<2).map { _ in plan.next() }
    #expect(next.contains(.participant("b", details: true)), "\(next)")
  }

  @Test func aParticipantWhoLeftIsReadOnceMoreAndThenLeft() {
    var plan = PollPlan(seed: 1)
    _ = plan.next()
    plan.listed([Self.summary("a", published: true), Self.summary("b", published: true)])
    _ = plan.next()
    _ = plan.next()
    plan.listed([Self.summary("a", published: true), Self.summary("b", connected: false)])
    let soon = (0..<3).map { _ in plan.next() }
    #expect(soon.contains(.participant("b", details: true)))
    let later = (0..<6).map { _ in plan.next() }
    #expect(!later.contains(.participant("b", details: false)))
    #expect(later.contains(.participant("a", details: false)))
  }

  /// A join at any moment, on stages of any size, among viewers still waiting for their first
  /// read: its details and events are read within `joinDelay` of it, counted in requests.
  @Test(arguments: [1, 3, 10])
  func aJoinIsReadWithinTheStatedDelay(pages: Int) {
    var generator = SeededRandom(seed: UInt64(pages))
    let rate = 1.0
    let bound = PollPlan.joinDelay(atRate: rate, pages: pages) * rate
    for trial in 0..<50 {
      var plan = PollPlan(seed: UInt64(trial))
      let everyone = (0..<(pages * 100 - 1)).map { Self.summary("p\($0)") }
      var requests = 0
      let joinAt = 20 + Int(generator.next() % 60)
      var listedAt: Int?
      var readAt: Int?
      while readAt == nil && requests < 2_000 {
        let step = plan.next()
        switch step {
        case .listParticipants:
          let joined = requests >= joinAt
          if joined && listedAt == nil { listedAt = requests }
          plan.listed(everyone + (joined ? [Self.summary("joiner")] : []), pages: pages)
        case .participant("joiner", _):
          readAt = requests + Self.cost(step)
        case .participant: break
        }
        requests += Self.cost(step, pages: pages)
      }
      let delay = (readAt ?? .max) - joinAt
      #expect(Double(delay) <= bound, "trial \(trial): read \(delay) requests after the join")
    }
  }

  @Test func progressCountsWhoseEventsWereReadAndWhatIsLeft() {
    var plan = PollPlan(seed: 1)
    _ = plan.next()
    plan.listed((0..<20).map { Self.summary("p\($0)") })
    #expect(plan.progress.read == 0 && plan.progress.listed == 20)
    let before = plan.requestsToReadAll
    #expect(before >= 40)
    for _ in 0..<5 { _ = plan.next() }
    #expect(plan.progress.read == 5)
    #expect(plan.requestsToReadAll < before)
  }

  @Test func theViewerSampleIsTheFirstListsViewersReadInRandomOrderAndNoJoinerOrSpeaker() {
    var plan = PollPlan(seed: 3)
    _ = plan.next()
    plan.listed([Self.summary("host", published: true)] + (0..<40).map { Self.summary("v\($0)") })
    #expect(plan.viewerSample.viewers == 40 && plan.viewerSample.read.isEmpty)
    for _ in 0..<12 { _ = plan.next() }
    plan.listed(
      [Self.summary("host", published: true), Self.summary("late")]
        + (0..<40).map { Self.summary("v\($0)") })
    for _ in 0..<30 { _ = plan.next() }
    let sample = plan.viewerSample
    #expect(!sample.read.isEmpty)
    #expect(!sample.read.contains("late") && !sample.read.contains("host"))
    #expect(Set(sample.read).count == sample.read.count)
    let read = sample.read.count
    plan.exchanged(sample.read[0])
    #expect(plan.viewerSample.read.count == read - 1 && plan.viewerSample.viewers == 39)
  }
}
