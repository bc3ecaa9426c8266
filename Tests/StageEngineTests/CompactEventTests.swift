import Testing

@testable import StageEngine

/// A compact event's fields that share storage read back as they were written, each only where
/// its event can have it.
@Suite struct CompactEventTests {
  @Test(arguments: [
    EventDetail.none, .metadata(0), .metadata(7), .metadata(Int(Int32.max)), .whole(0), .whole(9),
    .whole(Int(Int32.max) - 1),
  ])
  func aDetailReadsBackAsItWasWritten(detail: EventDetail) {
    var event = CompactEvent(source: .client, kind: .participantJoined)
    event.detail = detail
    #expect(event.detail == detail)
    #expect(EventDetail(packed: detail.packed) == detail)
  }

  @Test func participantInfoIsTheMetadataDetailAndNoWholeEvent() {
    var event = CompactEvent(source: .client, kind: .participantJoined)
    #expect(event.metadata == nil && event.detail == .none)
    event.metadata = 3
    #expect(event.detail == .metadata(3))
    event.detail = .whole(3)
    #expect(event.metadata == nil)
  }

  @Test(arguments: [EventSource.client, .strategy])
  func aReportingClientIsAnObserverNeverARemote(source: EventSource) {
    var event = CompactEvent(source: source, kind: .participantJoined)
    #expect(event.observer == nil && event.participant == nil)
    event.observer = 5
    #expect(event.observer == 5)
    #expect(event.remote == nil)
  }

  @Test func aServerEventHasARemoteNeverAnObserver() {
    var event = CompactEvent(source: .server, kind: .participantJoined)
    event.remote = 4
    event.participant = 2
    #expect(event.remote == 4 && event.participant == 2)
    #expect(event.observer == nil)
  }
}
