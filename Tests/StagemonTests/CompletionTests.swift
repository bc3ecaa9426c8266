import Foundation
import Testing

@testable import stagemon

/// `stagemon completions bash|zsh|fish` and the top-level usage come from `CommandTable`; these
/// tests keep the table equal to every command's own `--help`, and run each script in its real
/// shell. Shells that are missing skip the test, unless STAGEMON_REQUIRE_SHELLS is set (CI).
@Suite struct CompletionTests {
  static let rows = CommandTable.rows.map { RowName(row: $0) }

  /// A row with a readable test-argument name.
  struct RowName: CustomTestStringConvertible, Sendable {
    let row: CommandRow
    var testDescription: String { row.words.isEmpty ? "monitor" : row.words.joined(separator: " ") }
  }

  @Test(arguments: rows)
  func theTableListsEveryOptionTheCommandsHelpNames(_ named: RowName) {
    let helpOptions = Set(Self.optionNames(in: named.row.help)).subtracting(["--help"])
    let tableOptions = Set(named.row.options.map(\.name))
    #expect(
      helpOptions == tableOptions,
      "add the missing options to the command's row in CommandTable (or to its help)")
  }

  @Test(arguments: rows)
  func everyRowIsACommandThatAnswersItsHelp(_ named: RowName) throws {
    // `stagemon --help` is the usage; the monitor's own help answers with a monitor option.
    let words = named.row.words.isEmpty ? ["--no-mouse"] : named.row.words
    let output = try StagemonBinary.run(words + ["--help"])
    #expect(output.status == 0)
    #expect(output.stdout == named.row.help + "\n")
  }

  @Test func theUsageListsEveryCommand() throws {
    let output = try StagemonBinary.run(["--help"])
    for row in CommandTable.rows {
      let command = (["stagemon"] + row.words).joined(separator: " ")
      #expect(output.stdout.contains("  \(command) \(row.synopses[0])"), "\(command)")
    }
  }

  @Test func versionNamesTheVersionAndTheCommit() throws {
    let output = try StagemonBinary.run(["--version"])
    #expect(output.status == 0)
    #expect(output.stdout == "stagemon \(Stagemon.version) (commit \(BuildInfo.commit))\n")
    #expect(BuildInfo.commit == "unknown" || BuildInfo.commit.prefix(12).allSatisfy(\.isHexDigit))
  }

  @Test func anUnknownShellIsAUsageError() throws {
    let output = try StagemonBinary.run(["completions", "tcsh"])
    #expect(output.status == 2)
    #expect(output.stderr.contains("unknown shell \"tcsh\"; expected bash, zsh or fish"))
  }

  /// Typed words (the last one being completed) and what must be offered.
  static let cases: [(typed: [String], offered: [String])] = [
    (["run", "--form"], ["--format"]),
    (["run", "--format", ""], ["jsonl", "text"]),
    (["token", "m"], ["mint"]),
    (["token", "mint", "--p"], ["--participant-id", "--publish"]),
    (["--theme", "l"], ["light"]),
    (["completions", ""], ["bash", "fish", "zsh"]),
    (["te"], ["test"]),
  ]

  /// Every command path and what `-` offers there: all its options, long and short (`--`
  /// could never offer `-k`).
  static var everyOption: [(typed: [String], offered: [String])] {
    CompletionModel().nodes.map { node in
      (node.path.split(separator: " ").map(String.init) + ["-"], node.options.map(\.name).sorted())
    }
  }

  @Test(.enabled(if: Shell.bash.enabled, "bash is not installed"))
  func bashOffersEachCommandsOptionsAndValues() throws {
    let script = CompletionShell.bash.script()
    for (typed, offered) in Self.cases + Self.everyOption {
      let words = ["stagemon"] + typed
      let call = """
        \(script)
        COMP_WORDS=(\(words.map(ShellWords.quoted).joined(separator: " ")))
        COMP_CWORD=\(words.count - 1)
        _stagemon
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      let output = try Shell.bash.run(call)
      #expect(Self.lines(output).sorted() == offered, "\(typed)")
    }
  }

  @Test(.enabled(if: Shell.zsh.enabled, "zsh is not installed"))
  func zshOffersEachCommandsOptionsAndValues() throws {
    // compadd is stubbed to print its words; zsh itself keeps those matching the typed prefix.
    let stubs = """
      compdef() { :; }
      compadd() { while [[ $1 != -- ]]; do shift; done; shift; print -l -- "$@"; }
      _files() { :; }
      _message() { :; }
      """
    for (typed, offered) in Self.cases + Self.everyOption {
      let words = ["stagemon"] + typed
      let call = """
        \(stubs)
        \(CompletionShell.zsh.script())
        words=(\(words.map(ShellWords.quoted).joined(separator: " ")))
        CURRENT=\(words.count)
        _stagemon
        """
      let prefix = typed.last ?? ""
      let output = Self.lines(try Shell.zsh.run(call)).filter { $0.hasPrefix(prefix) }
      #expect(output.sorted() == offered, "\(typed)")
    }
  }

  @Test(.enabled(if: Shell.fish.enabled, "fish is not installed"))
  func fishOffersEachCommandsOptionsAndValues() throws {
    for (typed, offered) in Self.cases + Self.everyOption {
      let line = (["stagemon"] + typed).joined(separator: " ")
      let call = """
        \(CompletionShell.fish.script())
        complete -C \(FishCompletion.quoted(line))
        """
      let output = Self.lines(try Shell.fish.run(call)).map {
        String($0.prefix { $0 != "\t" })
      }
      #expect(output.sorted() == offered, "\(typed)")
    }
  }

  /// Every `--long` option and every `-s` short option the help text names (`-h` aside).
  static func optionNames(in text: String) -> [String] {
    let long = text.matches(of: /--[a-z][a-z-]*[a-z]/).map { String($0.output) }
    let words = text.split { $0.isWhitespace || "[](),|`".contains($0) }
    let short = words.filter { $0.wholeMatch(of: /-[a-zA-Z]/) != nil && $0 != "-h" }
    return long + short.map(String.init)
  }

  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }
}

/// A shell the completion tests run their script in.
enum Shell: String {
  case bash, zsh, fish

  static let required = ProcessInfo.processInfo.environment["STAGEMON_REQUIRE_SHELLS"] != nil

  /// Whether the shell is installed here, or CI demands the test run anyway (and fail).
  var enabled: Bool { Self.required || FileManager.default.isExecutableFile(atPath: path) }

  var path: String { "/usr/bin/" + rawValue }

  /// An empty folder to run in, so no file name is offered among the words.
  static let emptyFolder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stagemon-completions-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  /// Runs `script` in the shell without its startup files and returns standard output.
  func run(_ script: String) throws -> String {
    let process = Process()
    process.currentDirectoryURL = Self.emptyFolder
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = self == .zsh ? ["-f", "-c", script] : ["--noprofile", "-c", script]
    if self == .fish { process.arguments = ["--no-config", "-c", script] }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
