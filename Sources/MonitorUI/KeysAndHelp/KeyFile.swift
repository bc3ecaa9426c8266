import Foundation
import InputKit
import TerminalKit

/// The user's keybindings file, `$XDG_CONFIG_HOME/stagemon/keys.conf` (else
/// `~/.config/stagemon/keys.conf`): one `action = key [key…]` line per action, by the action's
/// name as the help shows it, `#` starting a comment (a whole line, or after a binding). A line
/// replaces that action's keys; a line that cannot be used
/// (bad syntax, unknown action or key, a duplicate, a clash with another action, `q` or
/// Ctrl-C taken from quit) is reported with its file and line and the action keeps its
/// default keys. The format is in docs/KEYS.md.
public enum KeyFile {
  /// One line that could not be used, and why.
  public struct Problem: Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public let file: String
    /// Its 1-based line.
    public let line: Int
    /// What is wrong and what was kept.
    public let message: String

    /// `keys.conf:3: unknown action "exchnage" (…)`.
    public var description: String { "\(file):\(line): \(message)" }
  }

  /// The file's path for `environment`, or nil when neither XDG_CONFIG_HOME nor HOME is set.
  public static func path(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
      return config + "/stagemon/keys.conf"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/stagemon/keys.conf"
  }

  /// The standard keymap with the user's file applied; no file means the standard keymap and
  /// no problems.
  public static func load(environment: [String: String]) -> (keymap: Keymap, problems: [Problem]) {
    guard let path = path(environment: environment), BoundedInput.exists(path)
    else { return (.standard, []) }
    do {
      let text = try BoundedInput.text(atPath: path, limit: BoundedInput.Limit.keyBindings)
      return parse(text, file: path)
    } catch {
      let problem = Problem(file: path, line: 0, message: "\(error.reason); using the default keys")
      return (.standard, [problem])
    }
  }

  /// `text` applied to `base`, with every line that could not be used.
  public static func parse(_ text: String, file: String, base: Keymap = .standard) -> (
    keymap: Keymap, problems: [Problem]
  ) {
    var reader = KeyFileReader(file: file)
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      reader.read(line, number: offset + 1)
    }
    return reader.applied(to: base)
  }
}

/// The running state of one `KeyFile.parse`: accepted lines and problems so far.
private struct KeyFileReader {
  struct Line {
    let number: Int
    let action: Action
    let keys: [Key]
  }

  let file: String
  var accepted: [Line] = []
  var problems: [KeyFile.Problem] = []

  init(file: String) { self.file = file }

  mutating func read(_ raw: Substring, number: Int) {
    let line = Self.withoutComment(raw).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !line.isEmpty else { return }
    guard let equals = line.firstIndex(of: "=") else {
      return report(number, "expected \"action = key [key…]\" (see docs/KEYS.md)")
    }
    let name = line[..<equals].trimmingCharacters(in: .whitespaces)
    let words = line[line.index(after: equals)...].split(whereSeparator: \.isWhitespace)
    guard let action = Action(rawValue: name) else {
      let names = Action.allCases.map(\.rawValue).joined(separator: ", ")
      return report(number, "unknown action \"\(name)\" (actions: \(names))")
    }
    guard !words.isEmpty else { return report(number, "\(name): no keys after \"=\"") }
    if let first = accepted.first(where: { $0.action == action }) {
      return report(
        number,
        "\(name) is bound on line \(first.number) already, and the first line wins: keeping"
          + " line \(first.number), ignoring this one")
    }
    guard let keys = keys(words, for: action, line: number) else { return }
    accepted.append(Line(number: number, action: action, keys: keys))
  }

  /// The keys named by `words`, or nil (reported) when one is unknown, repeated or refused.
  private mutating func keys(_ words: [Substring], for action: Action, line: Int) -> [Key]? {
    var keys: [Key] = []
    for word in words {
      guard let key = Key(name: String(word)) else {
        report(
          line,
          "\(action.rawValue): unknown key \"\(word)\" (a character, Space, Tab, Shift-Tab,"
            + " Enter, Esc, Up, Down, Left, Right, PgUp, PgDn, Home, End, Backspace, Del, F1…,"
            + " Ctrl-X); keeping the default")
        return nil
      }
      guard !keys.contains(key) else {
        report(line, "\(action.rawValue): \(key.label) is listed twice; keeping the default")
        return nil
      }
      keys.append(key)
    }
    let wayOut: [Key] = [.character("q"), .control("c")]
    if action != .quit, let taken = keys.first(where: wayOut.contains) {
      report(
        line,
        "\(taken.label) quits and cannot be bound to \(action.rawValue) (there must always be"
          + " a way out); keeping the default")
      return nil
    }
    if action == .quit, !keys.contains(.character("q")) {
      report(
        line, "quit must keep q (there must always be a way out), e.g. \"quit = q Q\"; keeping q")
      return nil
    }
    return keys
  }

  /// `raw` without its comment: a `#` at the start or after a space begins one (the `#` key
  /// is written `Hash`).
  static func withoutComment(_ raw: Substring) -> Substring {
    var previous: Character = " "
    for index in raw.indices {
      if raw[index] == "#", previous.isWhitespace { return raw[..<index] }
      previous = raw[index]
    }
    return raw
  }

  private mutating func report(_ line: Int, _ message: String) {
    problems.append(KeyFile.Problem(file: file, line: line, message: message))
  }

  /// Applies the accepted lines; a line whose keys another action also uses (by default or by
  /// an earlier line) is withdrawn and reported, until no clash is left.
  mutating func applied(to base: Keymap) -> (keymap: Keymap, problems: [KeyFile.Problem]) {
    var lines = accepted
    while true {
      let keymap = lines.reduce(base) { $0.rebinding($1.action, to: $1.keys) }
      let clash = lines.compactMap { line in
        line.keys.compactMap { key in
          keymap.clash(of: line.action, on: key).map { (line, key, $0) }
        }.first
      }.last
      guard let (line, key, other) = clash else {
        return (keymap, problems.sorted { $0.line < $1.line })
      }
      let owner =
        lines.first { $0.action == other && $0.keys.contains(key) }
        .map { "on line \($0.number), which wins" } ?? "by default"
      report(
        line.number,
        "\(line.action.rawValue): \(key.label) is already \(other.rawValue)'s key (\(owner));"
          + " keeping the default keys of \(line.action.rawValue)")
      lines.removeAll { $0.number == line.number }
    }
  }
}
