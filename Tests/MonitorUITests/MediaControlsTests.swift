import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// Mute, network drop and compositions from the keys and the `:` line, the composition
/// selector, and the expiry badge and countdown (issue: a fuller stage model).
@Suite struct MediaControlsTests {
  /// Runs `text` on the command line.
  func command(_ text: String, _ controller: AppController) {
    controller.handle(.character(":"))
    Fixture.type(text, into: controller)
    controller.handle(.enter)
  }

  func select(_ id: String, _ controller: AppController) {
    command("select \(id)", controller)
  }

  func screen(_ controller: AppController, width: Int = 120, height: Int = 40) -> [String] {
    var grid = CellGrid(width: width, height: height)
    Screen.render(controller.state, into: &grid)
    return Fixture.text(grid)
  }

  static let keys: [(Character, Pane, Action)] = [
    ("m", .participants, .toggleMute), ("D", .participants, .networkDrop),
    ("D", .composition, .networkDrop), ("+", .composition, .startComposition),
    ("-", .composition, .stopComposition), ("v", .composition, .cyclePolicy),
  ]

  @Test(arguments: keys)
  func eachNewActionHasAKeyInTheOneKeymap(key: Character, pane: Pane, action: Action) {
    #expect(Keymap.standard.action(for: .character(key), in: KeySituation(focus: pane)) == action)
    #expect(CommandCatalog.usages.contains { $0.name == action.rawValue })
  }

  @Test func mMutesTheSelectedPublisherAndUnmutesItAgain() throws {
    let controller = try Fixture.demo()
    select("host", controller)
    controller.handle(.character("m"))
    #expect(controller.state.snapshot.participant("host")?.muted == .audioVideo)
    #expect(controller.state.status?.text == "host: audio+video muted")
    #expect(screen(controller).contains { $0.contains("host") && $0.contains("muted a+v") })
    #expect(screen(controller).contains { $0.contains("STAGE_STREAM_MUTE_CHANGED") })
    controller.handle(.character("m"))
    #expect(controller.state.snapshot.participant("host")?.muted == [])
  }

  static let muteCommands: [(String, String, MediaStreams, StatusMessage.Kind)] = [
    ("mute host audio", "host", .audio, .success), ("mute guest", "guest", [], .error),
    ("mute host speakers", "host", [], .error),
  ]

  @Test(arguments: muteCommands)
  func muteCommandNamesStreamsAndRefusesANonPublisher(
    text: String, id: String, muted: MediaStreams, kind: StatusMessage.Kind
  ) throws {
    let controller = try Fixture.demo()
    command(text, controller)
    #expect(controller.state.snapshot.participant(id)?.muted == muted)
    #expect(controller.state.status?.kind == kind)
    if id == "guest" {
      #expect(controller.state.status?.text.contains("guest does not publish") == true)
    }
  }

  @Test func dropReconnectsWithTheCurrentTokenAndDropOfADisconnectedOneIsRefused() throws {
    let controller = try Fixture.demo()
    command("drop guest", controller)
    #expect(controller.state.snapshot.participant("guest")?.connection == .connected)
    #expect(controller.state.status?.kind == .success)
    let log = controller.state.log
    let states = (log.oldest..<log.appended).compactMap(log.line).compactMap { line -> String? in
      line.event?.kind == .connectionStateChanged && line.event?.observer == "guest"
        ? line.event?.state : nil
    }
    #expect(states.suffix(3) == ["disconnected", "connecting", "connected"])
    command("leave guest", controller)
    command("drop guest", controller)
    #expect(controller.state.status?.kind == .error)
    #expect(controller.state.status?.text.contains("guest is not connected") == true)
  }

  @Test func plusStartsAnotherCompositionShownWithASelectorAndMinusStopsIt() throws {
    let controller = try Fixture.demo()
    while controller.state.focus != .composition { controller.handle(.tab) }
    controller.handle(.character("+"))
    let ids = controller.state.snapshot.compositions.map(\.id)
    #expect(ids == ["main", "composition-2"])
    // Today's main composition follows at once: the new one plays the other policy.
    #expect(controller.state.shownComposition?.configuration.updates == .onReconnect)
    let shown = screen(controller)
    #expect(shown.contains { $0.contains("Compositions 2") })
    #expect(
      shown.contains { $0.contains("main") && $0.contains("[composition-2]") && $0.contains("2/2") }
    )
    controller.handle(.up)
    #expect(controller.state.shownComposition?.id == "main")
    #expect(screen(controller).contains { $0.contains("[main]") && $0.contains("1/2") })
    controller.handle(.down)
    controller.handle(.character("-"))
    #expect(controller.state.snapshot.compositions.map(\.id) == ["main"])
    #expect(!screen(controller).contains { $0.contains("Compositions") })
  }

  @Test func whoSeesWhatListsEveryCompositionWithItsOwnBelief() throws {
    let controller = try Fixture.demo()
    command("start-composition side on-reconnect", controller)
    command("exchange host attributes order=5", controller)
    select("host", controller)
    let rows = controller.state.beliefs.filter { $0.observer.hasPrefix("comp") }
    #expect(rows.map(\.observer) == ["composition", "comp side"])
    #expect(rows.map(\.isStale) == [false, true])
  }

  /// Effects the token deck predicts for the accepted candidates of `id`, with its
  /// "edit attributes…" entry changing an attribute (the demo prepares attribute changes for
  /// the guest only, and a deck offers only its participant's prepared tokens).
  func predictedEffects(of id: String, _ controller: AppController) -> [String] {
    select(id, controller)
    controller.handle(.character("x"))
    guard case .deck(let opened)? = controller.state.overlay,
      let edit = opened.candidates.firstIndex(where: { $0.entry.title == "edit attributes…" })
    else { return [] }
    for _ in 0..<edit { controller.handle(.down) }
    controller.handle(.enter)
    Fixture.type(" seat=9", into: controller)
    controller.tick()
    guard case .deck(let deck)? = controller.state.overlay else { return [] }
    return deck.candidates.flatMap { candidate -> [String] in
      if case .accepted(let effects) = candidate.prediction { return effects }
      return []
    }
  }

  @Test func theDeckPredictsTheWebSelfEventAndEachCompositionsPolicy() throws {
    let controller = try Fixture.demo()
    command("sdk viewer-web web@1.33.0", controller)
    #expect(
      predictedEffects(of: "viewer-web", controller).contains(
        "Web reports the metadata event for itself, publishing or not"))
    controller.handle(.escape)
    controller.handle(.escape)
    command("start-composition side on-reconnect", controller)
    let host = predictedEffects(of: "host", controller)
    #expect(host.contains("composition (live): layout follows at once"))
    #expect(host.contains("composition side (on-reconnect): layout lags until republish"))
  }

  @Test func aSixthCompositionAndStoppingOneThatDoesNotRunAreRefused() throws {
    let controller = try Fixture.demo()
    for id in ["b", "c", "d", "e"] { command("start-composition \(id) pip live", controller) }
    #expect(controller.state.snapshot.compositions.count == 5)
    #expect(controller.state.snapshot.compositions.last?.configuration.layout == .pip)
    command("start-composition f", controller)
    #expect(controller.state.status?.kind == .error)
    #expect(controller.state.status?.text.contains("already runs 5 compositions") == true)
    command("stop-composition nope", controller)
    #expect(controller.state.status?.text.contains("no composition nope runs") == true)
    command("start-composition g sideways", controller)
    #expect(
      controller.state.status?.text == "expected grid, pip, live or on-reconnect, not sideways")
  }

  @Test func aConnectedParticipantWhoseTokenExpiredGetsABadgeAndTheDetailSaysWhy() throws {
    let controller = try Fixture.demo()
    select("host", controller)
    #expect(screen(controller).contains { $0.contains("expires in 12h") })
    command("advance 11h59m30s", controller)
    #expect(screen(controller).contains { $0.contains("expires in 30s") })
    command("advance 1m", controller)
    let expired = screen(controller)
    #expect(expired.contains { $0.contains("host") && $0.contains("EXPIRED") })
    // The detail's token part, below who sees what: the detail zoomed shows it.
    controller.handle(.tab)
    controller.handle(.character("z"))
    #expect(screen(controller).contains { $0.contains("EXPIRED still connected") })
    controller.handle(.character("z"))
    command("leave viewer-web", controller)
    #expect(screen(controller).contains { $0.contains("viewer-web") && $0.contains("expired") })
  }

  static let countdowns: [(Int64, String)] = [
    (43_200, "expires in 12h"), (43_170, "expires in 11h 59m"), (90, "expires in 1m 30s"),
    (0, "expires now"), (-3_900, "expired 1h 5m ago"), (2 * 86_400 + 3600, "expires in 2d 1h"),
  ]

  @Test(arguments: countdowns)
  func countdownShowsTwoUnits(delta: Int64, text: String) {
    #expect(RelativeTime.countdown(1_000_000 + delta, now: 1_000_000) == text)
  }

  @Test func countdownSaturatesOnExtremeExpiry() {
    #expect(RelativeTime.countdown(Int64.max, now: -10).hasPrefix("expires in "))
    #expect(RelativeTime.countdown(Int64.min, now: 10).hasPrefix("expired "))
    #expect(RelativeTime.until(Int64.min, now: 10).hasPrefix("expired "))
  }
}
