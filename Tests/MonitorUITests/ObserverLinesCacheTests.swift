import StageEngine
import TerminalKit
import Testing

@testable import MonitorUI

/// The detail pane's memo of observer lines (`ObserverLinesCache`) never changes what is
/// shown: kept lines equal lines made now, a row or layout changed under the same place is
/// laid out again, whole frames equal the frames of a state without kept lines, and it keeps
/// no more than its bound.
@Suite struct ObserverLinesCacheTests {
  static let truth = ParticipantMetadata(
    userId: "bob", attributes: ["order": "1", "featured": "true", "name": "Bob"])

  /// Current, stale by one field, stale by many long fields (they wrap), stale without a
  /// reason, and believing nothing.
  static let beliefs = [
    ObserverBelief(
      observer: "viewer-web", profile: "web@1.32.0", believed: truth, isStale: false,
      reason: nil),
    ObserverBelief(
      observer: "viewer-android", profile: "android@1.36.0?",
      believed: ParticipantMetadata(
        userId: "bob", attributes: ["order": "2", "featured": "true", "name": "Bob"]),
      isStale: true, reason: "viewer-android: sees it on republish or reconnect"),
    ObserverBelief(
      observer: "a-very-long-observer-name", profile: "ios@1.37.0",
      believed: ParticipantMetadata(
        userId: "robert-the-first-of-his-name",
        attributes: ["order": "12345678901234567890", "featured": "false", "extra": "x"]),
      isStale: true, reason: "a-very-long-observer-name: sees it on reconnect"),
    ObserverBelief(
      observer: "composition", profile: "onReconnect",
      believed: ParticipantMetadata(userId: "bob", attributes: ["order": "3"]), isStale: true,
      reason: nil),
    ObserverBelief(
      observer: "viewer-late", profile: "web@1.33.0",
      believed: ParticipantMetadata(userId: nil, attributes: [:]), isStale: true,
      reason: "viewer-late: sees it on republish"),
  ]

  static let widths = [24, 40, 60, 80, 100, 140, 200, 300]

  static func layout(width: Int, truth: ParticipantMetadata? = truth) -> ObserverLayout {
    ObserverLayout(
      width: width, showsProfile: width >= DetailContent.roomForProfile, truth: truth)
  }

  @Test func keptLinesEqualLinesMadeNowForEveryBeliefWidthAndReasonPlace() {
    let cache = ObserverLinesCache()
    var compared = 0
    for width in Self.widths {
      for truth in [Self.truth, nil] {
        let layout = Self.layout(width: width, truth: truth)
        for (index, belief) in Self.beliefs.enumerated() {
          for beside in [true, false] {
            let fresh = layout.lines(belief, reasonBeside: beside)
            let made = cache.lines(index, from: .row(belief), in: layout, reasonBeside: beside) {
              belief
            }
            let kept = cache.lines(index, from: .row(belief), in: layout, reasonBeside: beside) {
              belief
            }
            #expect(made == fresh, "\(belief.observer) at \(width), beside \(beside)")
            #expect(kept == fresh, "\(belief.observer) at \(width), beside \(beside), kept")
            compared += 1
          }
        }
      }
    }
    #expect(compared == Self.widths.count * 2 * Self.beliefs.count * 2)
  }

  @Test func aRowOrTruthChangedUnderTheSamePlaceIsLaidOutAgain() {
    let cache = ObserverLinesCache()
    let layout = Self.layout(width: 120)
    let (current, stale) = (Self.beliefs[0], Self.beliefs[1])
    _ = cache.lines(0, from: .row(current), in: layout, reasonBeside: true) { current }
    let changed = cache.lines(0, from: .row(stale), in: layout, reasonBeside: true) { stale }
    #expect(changed == layout.lines(stale, reasonBeside: true))
    let otherTruth = Self.layout(width: 120, truth: stale.believed)
    let underOtherTruth = cache.lines(0, from: .row(stale), in: otherTruth, reasonBeside: true) {
      stale
    }
    #expect(underOtherTruth == otherTruth.lines(stale, reasonBeside: true))
    #expect(underOtherTruth != changed)
  }

  @Test func itKeepsNoMoreThanItsBound() {
    let cache = ObserverLinesCache()
    let layout = Self.layout(width: 100)
    for index in 0..<(ObserverLinesCache.bound * 2 + 3) {
      let belief = Self.beliefs[index % Self.beliefs.count]
      let beside = index.isMultiple(of: 2)
      let lines = cache.lines(index, from: .row(belief), in: layout, reasonBeside: beside) {
        belief
      }
      #expect(lines == layout.lines(belief, reasonBeside: beside))
      #expect(cache.count <= ObserverLinesCache.bound)
    }
    #expect(cache.count > 0)
  }

  @Test func anObserversKeptLinesEqualItsRowLaidOutNowAsItsViewChanges() throws {
    // The guest publishes; the next step changes its attributes, which some observers miss.
    let controller = try Fixture.demo(steps: 2)
    let whoSeesWhat = try #require(controller.state.whoSeesWhat)
    #expect(whoSeesWhat.subject == "guest")
    let truth = controller.state.selectedParticipant?.metadata
    var (compared, changed) = (0, 0)
    var before = controller.state.beliefs
    for _ in 0..<6 {
      let snapshot = controller.state.snapshot
      for width in Self.widths {
        let layout = Self.layout(width: width, truth: truth)
        for index in 0..<whoSeesWhat.count {
          let row = try #require(whoSeesWhat.row(index, in: snapshot))
          for beside in [true, false] {
            for _ in 0..<2 {
              let lines = whoSeesWhat.lines(
                index, in: snapshot, layout: layout, reasonBeside: beside)
              #expect(lines == layout.lines(row, reasonBeside: beside), "\(row.observer)")
              compared += 1
            }
          }
        }
      }
      // Steps that leave the participants as they were keep the views' places.
      controller.perform(.nextStep)
      let after = whoSeesWhat.rows(in: controller.state.snapshot)
      guard after.count == whoSeesWhat.count else { break }
      changed += after == before ? 0 : 1
      before = after
    }
    #expect(compared > 0)
    #expect(changed > 0)
  }

  static let sizes = [
    TerminalSize(width: 200, height: 60), TerminalSize(width: 80, height: 24),
    TerminalSize(width: 300, height: 80), TerminalSize(width: 60, height: 30),
  ]

  @Test func aFrameWithKeptLinesEqualsTheFrameOfAFreshState() throws {
    let controller = try Fixture.demo()
    let actions: [Action] = [
      .nextStep, .nextStep, .nextStep, .down, .nextStep, .up, .nextStep, .down, .down,
      .nextStep, .focusNext, .focusNext, .pageDown, .nextStep, .zoom,
    ]
    var (compared, warmed) = (0, 0)
    for action in actions {
      controller.perform(action)
      for size in Self.sizes {
        for scroll in [0, 2] {
          var state = controller.state
          state.detailScroll = scroll
          #expect(Self.frame(state, size) == Self.frame(state, size))
          let warm = Self.frame(state, size)
          warmed += state.whoSeesWhat?.observerLines.count ?? 0 > 0 ? 1 : 0
          var fresh = state
          fresh.whoSeesWhat = fresh.selectedParticipant.map {
            WhoSeesWhat(about: $0.id, in: fresh.snapshot, sdkGuesses: fresh.sdkGuesses)
          }
          #expect(fresh.whoSeesWhat?.observerLines.count ?? 0 == 0)
          #expect(warm == Self.frame(fresh, size), "after \(action) at \(size), scroll \(scroll)")
          compared += 1
        }
      }
    }
    #expect(compared == actions.count * Self.sizes.count * 2)
    #expect(warmed > compared / 2)
  }

  static func frame(_ state: AppState, _ size: TerminalSize) -> CellGrid {
    var grid = CellGrid(width: size.width, height: size.height)
    Screen.render(state, into: &grid)
    return grid
  }
}
