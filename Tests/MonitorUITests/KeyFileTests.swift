import MonitorUI
import TerminalKit
import Testing

/// keys.conf: every line either rebinds its action or is reported with file and line while the
/// action keeps its default keys.
@Suite struct KeyFileTests {
  let file = "/home/me/.config/stagemon/keys.conf"

  @Test func aLineReplacesTheActionsKeysEverywhereButTyping() {
    let (keymap, problems) = KeyFile.parse("# mine\n\nexchange = e X\nup = i\n", file: file)
    #expect(problems.isEmpty, "\(problems)")
    #expect(keymap.keys(of: .exchange) == [.character("e"), .character("X")])
    #expect(keymap.action(for: .character("e"), in: KeySituation()) == .exchange)
    #expect(keymap.action(for: .character("x"), in: KeySituation()) == nil)
    #expect(keymap.action(for: .character("i"), in: KeySituation(layer: .deck)) == .up)
    #expect(keymap.action(for: .up, in: KeySituation(layer: .help)) == nil)
    // Input lines keep Enter and Esc whatever the file says.
    let (typing, _) = KeyFile.parse("close = F2\nconfirm = F3", file: file)
    #expect(typing.action(for: .escape, in: KeySituation(layer: .input)) == .close)
    #expect(typing.action(for: .enter, in: KeySituation(layer: .input)) == .confirm)
    #expect(typing.action(for: .function(2), in: KeySituation(layer: .deck)) == .close)
  }

  @Test func footerAndHelpShowTheUsersKeys() throws {
    let (keymap, _) = KeyFile.parse("exchange = e\nnext = N", file: file)
    let controller = try Fixture.demo(keymap: keymap)
    let hints = FooterView.hints(controller.state)
    #expect(hints.contains { $0.keys == "e" && $0.label == "swap token" })
    #expect(hints.contains { $0.keys == "N" && $0.label.hasPrefix("next step") })
    #expect(!hints.contains { $0.keys == "x" })
    let help = HelpContent.lines(keymap, ascii: false).map { $0.map(\.text).joined() }
    #expect(help.contains { $0.hasPrefix("  e ") && $0.contains("exchange") })
    controller.handle(.character("e"))
    guard case .deck? = controller.state.overlay else {
      Issue.record("e did not open the deck")
      return
    }
  }

  static let badLines: [(text: String, line: Int, fragment: String)] = [
    ("exchange e", 1, "expected \"action = key [key…]\""),
    ("exchnage = e", 1, "unknown action \"exchnage\" (actions: help, quit,"),
    ("exchange =", 1, "exchange: no keys after \"=\""),
    ("exchange = Hyper-X", 1, "exchange: unknown key \"Hyper-X\""),
    ("exchange = e e", 1, "exchange: e is listed twice; keeping the default"),
    (
      "exchange = e\nexchange = E", 2,
      "exchange is bound on line 1 already, and the first line wins: keeping line 1, ignoring"
    ),
    (
      "exchange = p", 1,
      "exchange: p is already toggle-publish's key (by default); keeping the default keys"
    ),
    (
      "exchange = e # my deck\ntheme = e", 2,
      "theme: e is already exchange's key (on line 1, which wins)"
    ),
    ("help = q", 1, "q quits and cannot be bound to help (there must always be a way out)"),
    ("next = Ctrl-C", 1, "Ctrl-C quits and cannot be bound to next"),
    ("quit = Q", 1, "quit must keep q (there must always be a way out)"),
    ("# fine\nexchange = e\ntheme = e", 3, "theme: e is already exchange's key"),
  ]

  @Test(arguments: badLines)
  func badLineIsReportedWithFileAndLineAndTheDefaultKept(
    text: String, line: Int, fragment: String
  ) throws {
    let (keymap, problems) = KeyFile.parse(text, file: file)
    let problem = try #require(problems.first)
    #expect(problems.count == 1, "\(problems)")
    #expect(problem.line == line)
    #expect(problem.message.contains(fragment), "\(problem.message)")
    #expect(problem.description.hasPrefix("\(file):\(line): "))
    // Whatever the line wanted, quit still has q and the reported action its default keys.
    #expect(keymap.action(for: .character("q"), in: KeySituation()) == .quit)
    let untouched = [Action.nextTheme, .nextStep, .help].filter {
      !text.contains("\($0.rawValue) = e")
    }
    for action in untouched {
      #expect(keymap.keys(of: action) == Keymap.standard.keys(of: action))
    }
  }

  @Test func aCommentAfterABindingIsIgnoredAndHashNamesTheHashKey() {
    let (keymap, problems) = KeyFile.parse(
      "next = N   # the story\nhelp = ?\t# only ?\n  # indented comment", file: file)
    #expect(problems.isEmpty, "\(problems)")
    #expect(keymap.action(for: .character("N"), in: KeySituation()) == .nextStep)
    #expect(keymap.action(for: .character("#"), in: KeySituation()) == nil)
    let (withHash, hashProblems) = KeyFile.parse("help = ? Hash", file: file)
    #expect(hashProblems.isEmpty)
    #expect(withHash.action(for: .character("#"), in: KeySituation()) == .help)
  }

  @Test func theHelpListsEveryProblemWithFileLineAndWhatWasKept() {
    let (keymap, problems) = KeyFile.parse(
      "exchnage = e\nexchange = p\nnext = N\nnext = M", file: "keys.conf")
    #expect(problems.count == 3)
    let help = HelpContent.lines(keymap, ascii: false, keyProblems: problems).map {
      $0.map(\.text).joined()
    }
    #expect(help[0].hasPrefix("keys.conf  3 lines not used"))
    #expect(help[1].hasPrefix("  keys.conf:1: unknown action \"exchnage\""))
    #expect(
      help[2] == "  keys.conf:2: exchange: p is already toggle-publish's key (by default);"
        + " keeping the default keys of exchange")
    #expect(help[3].hasPrefix("  keys.conf:4: next is bound on line 3 already"))
  }

  @Test func theHelpShowsEveryActionNameWhole() {
    let help = HelpContent.lines(.standard, ascii: false).map { $0.map(\.text).joined() }
    for binding in Keymap.standard.bindings {
      #expect(
        help.contains { $0.contains(" \(binding.action.rawValue) ") },
        "\(binding.action.rawValue)")
    }
    #expect(!help.joined().contains("start-composi…"))
  }

  @Test func swappingTwoActionsKeysIsNoClash() {
    let (keymap, problems) = KeyFile.parse("exchange = p\ntoggle-publish = x", file: file)
    #expect(problems.isEmpty, "\(problems)")
    #expect(keymap.action(for: .character("p"), in: KeySituation()) == .exchange)
    #expect(keymap.action(for: .character("x"), in: KeySituation()) == .togglePublish)
  }

  @Test func theStandardKeymapHasNoClashes() {
    let keymap = Keymap.standard
    for action in Action.allCases {
      for key in keymap.keys(of: action) {
        #expect(keymap.clash(of: action, on: key) == nil, "\(action) on \(key.label)")
      }
    }
  }

  @Test func pathFollowsXDGThenHome() {
    #expect(
      KeyFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])
        == "/x/stagemon/keys.conf")
    #expect(KeyFile.path(environment: ["HOME": "/h"]) == "/h/.config/stagemon/keys.conf")
    #expect(KeyFile.path(environment: [:]) == nil)
    #expect(
      KeyFile.load(environment: ["XDG_CONFIG_HOME": "/nonexistent-\(#line)"]).problems.isEmpty)
  }

  @Test(arguments: [
    ("x", Key.character("x")), ("J", .character("J")), ("?", .character("?")),
    ("Space", .character(" ")), ("tab", .tab), ("Shift-Tab", .backTab), ("Enter", .enter),
    ("Esc", .escape), ("Up", .up), ("↓", .down), ("pgdn", .pageDown), ("Home", .home),
    ("Del", .delete), ("F5", .function(5)), ("Ctrl-R", .control("r")),
  ])
  func keyNamesParse(name: String, key: Key) {
    #expect(Key(name: name) == key)
  }

  @Test(arguments: ["", "Ctrl-", "Ctrl-12", "F0", "F64", "Hyper", "ab"])
  func unknownKeyNamesAreRefused(name: String) {
    #expect(Key(name: name) == nil)
  }
}
