/// Quoting and the command-path scan shared by the bash and zsh scripts, which use the same
/// `case` syntax.
enum ShellWords {
  /// `word` as one single-quoted shell word.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Words as one space-separated list of quoted words.
  static func list(_ words: [String]) -> String {
    words.map(quoted).joined(separator: " ")
  }

  /// `a|b|c` for a `case` pattern.
  static func pattern(_ words: [String]) -> String {
    words.map(quoted).joined(separator: "|")
  }

  /// The loop that sets `command` to the path typed so far ("", `run`, `token mint`): the first
  /// word that is not an option names the command, the next one a subcommand of a group.
  /// `first` and `last` are the indices of the words before the cursor in the shell's array.
  static func scan(_ model: CompletionModel, array: String, from first: String, to end: String)
    -> [String]
  {
    var lines = [
      "  local command='' word i",
      "  for ((i = \(first); i < \(end); i++)); do",
      "    word=${\(array)[i]}",
      "    [[ $word == -* ]] && continue",
      "    case $command in",
      "    '')",
      "      case $word in",
      "      \(pattern(model.commands))) command=$word ;;",
      "      *) break ;;",
      "      esac",
      "      ;;",
    ]
    for group in model.groups {
      lines += [
        "    \(quoted(group.name)))",
        "      case $word in",
        "      \(pattern(group.subcommands))) command=\"\(group.name) $word\" ;;",
        "      esac",
        "      break",
        "      ;;",
      ]
    }
    lines += ["    *) break ;;", "    esac", "  done"]
    return lines
  }
}
