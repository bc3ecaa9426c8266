/// `stagemon completions fish`: `complete` lines from the command table, each conditioned on
/// the command path typed so far.
enum FishCompletion {
  static func script(_ model: CompletionModel) -> String {
    var lines = [
      "# fish completion for stagemon (stagemon completions fish). Save it as",
      "# ~/.config/fish/completions/stagemon.fish, or: stagemon completions fish | source",
      "function __stagemon_command",
      "    set -l command ''",
      "    for word in (commandline -opc)[2..-1]",
      "        string match -q -- '-*' $word; and continue",
      "        switch $command",
      "            case ''",
      "                contains -- $word \(quotedList(model.commands)); or break",
      "                set command $word",
    ]
    for group in model.groups {
      lines += [
        "            case \(quoted(group.name))",
        "                contains -- $word \(quotedList(group.subcommands));"
          + " and set command \"\(group.name) $word\"",
        "                break",
      ]
    }
    lines += [
      "            case '*'",
      "                break",
      "        end",
      "    end",
      "    echo $command",
      "end",
      "function __stagemon_is",
      "    test (__stagemon_command | string collect) = \"$argv[1]\"",
      "end",
      "complete -c stagemon -f",
    ]
    for node in model.nodes {
      let when = "-n \(quoted("__stagemon_is \(quoted(node.path))"))"
      for option in node.options {
        lines.append("complete -c stagemon \(when) \(self.option(option))")
      }
      let summaries = summariesByWord(model, path: node.path)
      for word in node.words {
        let description = summaries[word].map { " -d \(quoted($0))" } ?? ""
        lines.append("complete -c stagemon \(when) -a \(quoted(word))\(description)")
      }
      switch node.operands {
      case .file: lines.append("complete -c stagemon \(when) -F")
      case .directory:
        lines.append("complete -c stagemon \(when) -a '(__fish_complete_directories)'")
      default: break
      }
    }
    lines.append("")
    return lines.joined(separator: "\n")
  }

  /// `-l format -x -a 'jsonl text'`, `-l out -r -F`, `-l json`.
  private static func option(_ option: CommandOption) -> String {
    let long = option.name.hasPrefix("--")
    let name = "\(long ? "-l" : "-s") \(quoted(String(option.name.drop { $0 == "-" })))"
    switch option.value {
    case nil: return name
    case .file: return name + " -r -F"
    case .directory: return name + " -x -a '(__fish_complete_directories)'"
    case .choices(let words): return name + " -x -a \(quoted(words.joined(separator: " ")))"
    case .text: return name + " -x"
    }
  }

  /// What each word after `path` does, from the rows (a command's or subcommand's summary).
  private static func summariesByWord(_ model: CompletionModel, path: String) -> [String: String] {
    var summaries: [String: String] = [:]
    for row in CommandTable.rows where !row.words.isEmpty {
      let parent = row.words.dropLast().joined(separator: " ")
      guard let last = row.words.last, parent == path else { continue }
      summaries[last] = row.summary
    }
    return summaries
  }

  /// `word` in fish's single quotes (`\` and `'` escaped).
  static func quoted(_ word: String) -> String {
    "'"
      + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "'", with: "\\'") + "'"
  }

  private static func quotedList(_ words: [String]) -> String {
    words.map(quoted).joined(separator: " ")
  }
}
