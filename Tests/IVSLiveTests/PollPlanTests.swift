import Testing

@testable import IVSLive

struct PollPlanTests {
  static func summary(_ id: String, connected: Bool = true, published: Bool = false)
    -> PollPlan.Summary
  {
    PollPlan.Summary(id: id, connected: connected, published: published)
  }

  @Test func theListComesFirstAndThenEveryTenRequests() {
    var plan = PollPlan()
    plan.listed([Self.summary("a")])
    let steps = (0..<21).map { _ in plan.next() }
    #expect(steps[0] == .listParticipants)
    #expect(steps[10] == .listParticipants)
    #expect(steps[20] == .listParticipants)
    #expect(steps.filter { $0 == .listParticipants }.count == 3)
  }

  @Test func newParticipantsAreReadFirstWithTheirDetails() {
    var plan = PollPlan()
    _ = plan.next()
    plan.listed([Self.summary("a"), Self.summary("b")])
    #expect(plan.next() == .participant("a", details: true))
    #expect(plan.next() == .participant("b", details: true))
    #expect(plan.next() == .participant("a", details: false))
    #expect(plan.next() == .participant("b", details: false))
    #expect(plan.next() == .participant("a", details: false))
  }

  @Test func aChangedParticipantJumpsTheQueue() {
    var plan = PollPlan()
    _ = plan.next()
    plan.listed([Self.summary("a"), Self.summary("b")])
    _ = plan.next()
    _ = plan.next()
    plan.listed([Self.summary("a"), Self.summary("b", published: true)])
    #expect(plan.next() == .participant("b", details: true))
  }

  @Test func aParticipantWhoLeftIsReadOnceMoreAndThenLeft() {
    var plan = PollPlan()
    _ = plan.next()
    plan.listed([Self.summary("a"), Self.summary("b")])
    _ = plan.next()
    _ = plan.next()
    plan.listed([Self.summary("a"), Self.summary("b", connected: false)])
    #expect(plan.next() == .participant("b", details: true))
    let later = (0..<6).map { _ in plan.next() }
    #expect(!later.contains(.participant("b", details: false)))
    #expect(later.contains(.participant("a", details: false)))
  }

  @Test func aJoinIsSeenWithinFifteenSecondsAtTheDefaultBudget() {
    #expect(PollPlan.listPeriod(atRate: 1) <= 15)
  }
}
