import Testing

@testable import StageEngine

/// `StageEvent` keeps the fields of rare kinds in a shared box; these pin down that the box
/// is invisible: fields read back what was set, copies stay independent, and an event whose
/// rare fields were all cleared equals one that never had any.
@Suite struct StageEventStorageTests {
  private func rejection() -> StageEvent {
    var event = StageEvent(source: .runner, kind: .exchangeRejected, participant: "guest")
    event.code = 1026
    event.errorCode = "TOKEN_EXCHANGE_FAILED"
    event.message = "kid not in the key store"
    event.fields = ["topic", "jti"]
    event.reason = "failed-exchange"
    return event
  }

  @Test func rareFieldsReadBackWhatWasSet() {
    let event = rejection()
    #expect(event.code == 1026)
    #expect(event.errorCode == "TOKEN_EXCHANGE_FAILED")
    #expect(event.message == "kid not in the key store")
    #expect(event.fields == ["topic", "jti"])
    #expect(event.reason == "failed-exchange")
    #expect(event.slots == nil && event.exchange == nil && event.expectation == nil)
  }

  @Test func aCopyKeepsItsRareFieldsWhenTheOriginalChanges() {
    var original = rejection()
    let copy = original
    original.message = "changed"
    original.code = nil
    #expect(copy.message == "kid not in the key store")
    #expect(copy.code == 1026)
    #expect(original != copy)
  }

  @Test func clearingEveryRareFieldEqualsAnEventThatNeverHadThem() {
    var event = rejection()
    event.code = nil
    event.errorCode = nil
    event.message = nil
    event.fields = nil
    event.reason = nil
    #expect(event == StageEvent(source: .runner, kind: .exchangeRejected, participant: "guest"))
  }

  @Test(arguments: ["code", "errorCode", "message", "fields", "reason", "slots", "step"])
  func patternsMayNameEveryBoxedField(_ field: String) {
    #expect(EventFieldCatalog.names.contains(field))
    #expect(!EventFieldCatalog.names.contains("details"))
  }
}
