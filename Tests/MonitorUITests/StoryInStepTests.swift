import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// The demo keeps the presenter's trust: answering the question the story asks is the story's
/// step, the narration has a place of its own that only the script changes, and every screen
/// says what the next key does (issue #31 items 1, 2, 6).
@Suite struct StoryInStepTests {
  static func screen(_ state: AppState, width: Int = 120, height: Int = 40) -> [String] {
    var grid = CellGrid(width: width, height: height)
    Screen.render(state, into: &grid)
    return Fixture.text(grid)
  }

  /// The header's step, the footer's next step and the narration's step, as numbers.
  static func counters(_ state: AppState) -> (header: String?, footer: String?, narration: String?)
  {
    let rows = screen(state)
    func match(_ text: String, after prefix: String) -> String? {
      guard let range = text.range(of: prefix) else { return nil }
      return String(text[range.upperBound...].prefix { $0.isNumber || $0 == "/" })
    }
    let narration = state.narration.flatMap { match($0.text, after: "step ") }
    return (
      match(rows[0], after: "step "), match(rows[rows.count - 1], after: "next step "), narration
    )
  }

  @Test func answeringTheStorysQuestionIsTheStorysStep() throws {
    let controller = try Fixture.demo(steps: 1)
    #expect(controller.state.scriptAnswersPendingQuestion)
    controller.handle(.character("y"))
    let state = controller.state
    #expect(state.pendingQuestion == nil)
    #expect(state.script.done == 6 && state.runner.history.count == 6)
    #expect(state.narration?.text.hasPrefix("step 6/13: ") == true)
    #expect(state.narration?.text.contains("the app answers yes") == true)
    let (header, footer, narration) = Self.counters(state)
    #expect(header == "6/13" && footer == "7/13" && narration == "6/13")
    controller.handle(.character("n"))
    #expect(controller.state.narration?.kind == .info)
    #expect(controller.state.narration?.text.hasPrefix("step 7/13: ") == true)
    #expect(controller.state.narration?.text.contains("attributes changed") == true)
  }

  @Test func anAnswerOtherThanTheStorysIsToldAsItRan() throws {
    let controller = try Fixture.demo(steps: 1)
    controller.handle(.character(":"))
    Fixture.type("no", into: controller)
    controller.handle(.enter)
    #expect(controller.state.script.done == 6)
    let text = try #require(controller.state.narration?.text)
    #expect(text.hasPrefix("step 6/13: ") && text.contains("(the story answers yes)"), "\(text)")
  }

  @Test(arguments: ["y", "n"])
  func stepByStepEveryCounterAgrees(answer: Character) throws {
    let controller = try Fixture.demo()
    while controller.state.script.done < controller.state.script.total {
      controller.handle(.character(controller.state.pendingQuestion == nil ? "n" : answer))
      let state = controller.state
      let (header, footer, narration) = Self.counters(state)
      let done = "\(state.script.done)/\(state.script.total)"
      #expect(header == done && narration == done, "\(header ?? "-") \(narration ?? "-")")
      if state.script.done < state.script.total {
        #expect(footer == "\(state.script.done + 1)/\(state.script.total)")
      }
      #expect(state.narration?.kind != .error && state.narration?.kind != .warning)
    }
    #expect(controller.state.narration?.text.hasSuffix("the end of the demo") == true)
  }

  @Test(arguments: ["z", "a", "t", "L", "P"])
  func otherKeysLeaveTheNarrationInItsPlace(key: Character) throws {
    let controller = try Fixture.demo(steps: 2)
    let narration = try #require(controller.state.narration)
    controller.handle(.character(key))
    if key == "P" {
      #expect(controller.state.narration?.text.hasPrefix("step 6/13: ") == true)
    } else {
      #expect(controller.state.narration == narration)
    }
    let rows = Self.screen(controller.state).joined(separator: " ")
    #expect(rows.contains("step 6/13: "), "\(key)")
  }

  @Test func aMessagePassesAtTheNextKey() throws {
    let controller = try Fixture.demo(steps: 2)
    controller.handle(.character("z"))
    #expect(controller.state.status?.text.hasPrefix("zoomed") == true)
    #expect(Self.screen(controller.state).contains { $0.hasPrefix("zoomed") })
    controller.handle(.character("j"))
    #expect(controller.state.status == nil)
    #expect(controller.state.narration?.text.hasPrefix("step 6/13: ") == true)
  }

  @Test func playingToTheEndKeepsTheEndOfTheDemo() throws {
    let controller = try Fixture.demo()
    controller.perform(.togglePlay)
    var now = Duration.zero
    for _ in 0..<2000
    where controller.state.script.done < controller.state.script.total
      || controller.isPlaying
    {
      now += .seconds(1)
      controller.playTick(at: now)
      if controller.state.pendingQuestion != nil, !controller.state.scriptAnswersPendingQuestion {
        controller.handle(.character("y"))
      }
    }
    #expect(controller.state.narration?.text.hasSuffix("the end of the demo") == true)
    #expect(controller.state.status?.text.hasPrefix("playing finished") == true)
    let rows = Self.screen(controller.state).joined(separator: " ")
    #expect(rows.contains("the end of the demo") && rows.contains("playing finished"))
  }

  @Test func everyStepSaysWhatTheNextKeyDoes() throws {
    for presenting in [false, true] {
      let controller = try Fixture.demo()
      if presenting { controller.handle(.character("P")) }
      while controller.state.script.done < controller.state.script.total {
        let rows = Self.screen(controller.state, width: 80, height: 24)
        let next = try #require(StatusBarView.nextLine(controller.state))
        let words = next.map(\.text).joined()
        #expect(
          words.hasPrefix("n: ") || words.contains("y = yes"), "\(words)")
        let preview = words.split(separator: " ").prefix(4).joined(separator: " ")
        #expect(rows.joined(separator: " ").contains(preview), "\(preview) not on screen")
        controller.handle(.character("n"))
      }
      let end = StatusBarView.nextLine(controller.state)?.map(\.text).joined() ?? ""
      #expect(end.contains("the end of the demo") && end.contains("q quits"))
    }
  }
}

/// At the sizes a presenter uses, the layout does not jump between the story's steps: the
/// composition pane is there at every step or at none, and every participant the story names
/// is on screen (issue #31 item 4).
@Suite struct StoryLayoutTests {
  @Test(arguments: [(80, 24), (100, 30), (120, 40)])
  func thePanesStayPutFromStepToStep(width: Int, height: Int) throws {
    for presenting in [false, true] {
      let controller = try Fixture.demo()
      if presenting { controller.handle(.character("P")) }
      controller.handle(.character("j"))  // the message passes
      var compositionShown: Set<Bool> = []
      while controller.state.script.done < controller.state.script.total {
        controller.handle(.character("n"))
        let state = controller.state
        let layout = try #require(
          Screen.layout(state, size: TerminalSize(width: width, height: height)))
        compositionShown.insert(!layout.hidden.contains(.composition))
        let rows = StoryInStepTests.screen(state, width: width, height: height)
        let screen = rows.joined(separator: "\n")
        for id in ["host", "guest", "viewer-android", "viewer-web"] {
          #expect(
            rows.contains {
              $0.hasPrefix("│  \(id) ") || $0.hasPrefix("│▶ \(id) ")
                || $0.hasPrefix("│✖ \(id) ")
            },
            "\(id) at step \(state.script.done), \(width)×\(height):\n\(screen)")
        }
      }
      #expect(compositionShown.count == 1, "\(width)×\(height) presenting \(presenting)")
    }
  }
}
