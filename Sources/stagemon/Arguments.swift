import InputKit

/// A small cursor over command-line words, so each command parses its own
/// options without a package dependency and every usage error reads the same.
struct Arguments {
  private var words: [String]

  /// Wraps the words after the command name.
  init(_ words: [String]) { self.words = words }

  /// Whether nothing is left.
  var isEmpty: Bool { words.isEmpty }

  /// The words not consumed yet.
  var remaining: [String] { words }

  /// Removes `--name` (or `-n`) if present and says whether it was.
  mutating func flag(_ names: String...) -> Bool {
    guard let index = words.firstIndex(where: { names.contains($0) }) else { return false }
    words.remove(at: index)
    return true
  }

  /// Removes `--name VALUE` or `--name=VALUE` and returns the value (the last one wins).
  mutating func option(_ name: String) throws(UsageError) -> String? {
    var value: String?
    while let found = try takeOption(name) { value = found }
    return value
  }

  /// Removes every `--name VALUE` occurrence, in order.
  mutating func options(_ name: String) throws(UsageError) -> [String] {
    var values: [String] = []
    while let found = try takeOption(name) { values.append(found) }
    return values
  }

  private mutating func takeOption(_ name: String) throws(UsageError) -> String? {
    if let index = words.firstIndex(where: { $0.hasPrefix(name + "=") }) {
      let value = String(words[index].dropFirst(name.count + 1))
      words.remove(at: index)
      return value
    }
    guard let index = words.firstIndex(of: name) else { return nil }
    guard index + 1 < words.count else { throw UsageError("\(Excerpt.of(name)) needs a value") }
    let value = words[index + 1]
    words.removeSubrange(index...index + 1)
    return value
  }

  /// Removes and returns the next positional word (`-` counts as positional).
  mutating func positional() -> String? {
    guard let index = words.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" }) else {
      return nil
    }
    return words.remove(at: index)
  }

  /// Fails when unknown options or extra words are left over.
  func finish() throws(UsageError) {
    guard let first = words.first else { return }
    if first.hasPrefix("-") { throw UsageError("unknown option \(Excerpt.of(first))") }
    throw UsageError("unexpected argument \(Excerpt.of(first))")
  }
}

/// Options a command parses from its words.
protocol CommandOptions {
  init(_ arguments: inout Arguments) throws(UsageError)
}

extension Arguments {
  /// Prints `help` and says so when `--help` or `-h` was given: every
  /// command answers help the same way.
  mutating func answersHelp(_ help: String) -> Bool {
    guard flag("--help", "-h") else { return false }
    Console.out(help)
    return true
  }

  /// Handles `--help` and parses a command's options; `nil` means the command
  /// is done (help was shown, or a usage error was reported) with `status`.
  static func parse<Options: CommandOptions>(
    _ words: [String], help: String, status: inout ExitStatus
  ) -> Options? {
    var arguments = Arguments(words)
    if arguments.answersHelp(help) {
      status = .success
      return nil
    }
    do {
      return try Options(&arguments)
    } catch {
      status = Stagemon.fail(error, help: help)
      return nil
    }
  }
}

/// A mistake in how the command was called: exit status 2 with a hint.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// The process exit statuses every command uses (SPEC §8).
enum ExitStatus: Int32 {
  case success = 0
  case invalid = 1
  case usage = 2
  /// Nothing to test was collected (`stagemon test`, as pytest's exit status 5).
  case noTests = 5
}
