/// `stagemon completions zsh`: a completion function from the command table, usable from
/// `$fpath` (as `_stagemon`) or sourced after `compinit`.
enum ZshCompletion {
  static func script(_ model: CompletionModel) -> String {
    var lines = [
      "#compdef stagemon",
      "# zsh completion for stagemon (stagemon completions zsh). Save it as _stagemon in a folder",
      "# of $fpath, or after compinit: source <(stagemon completions zsh)",
      "_stagemon() {",
      "  local cur=${words[CURRENT]} prev=${words[CURRENT-1]}",
    ]
    // zsh arrays start at 1: words[1] is "stagemon".
    lines += ShellWords.scan(model, array: "words", from: "2", to: "CURRENT")
    lines += ["  case \"$command|$prev\" in"]
    for (path, option, value) in model.valueOptions {
      let key = ShellWords.quoted("\(path)|\(option.name)")
      lines.append("  \(key)) \(offer(value, option: option)); return ;;")
    }
    lines += ["  esac", "  case $command in"]
    for node in model.nodes {
      lines += [
        "  \(ShellWords.quoted(node.path)))",
        "    if [[ $cur == -* ]]; then",
        "      compadd -- \(ShellWords.list(node.options.map(\.name)))",
        "      return",
        "    fi",
      ]
      if !node.words.isEmpty { lines.append("    compadd -- \(ShellWords.list(node.words))") }
      if let operands = node.operands, operands == .file || operands == .directory {
        lines.append("    \(offer(operands, option: nil))")
      }
      lines.append("    ;;")
    }
    lines += [
      "  esac",
      "}",
      "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then",
      "  _stagemon \"$@\"",
      "else",
      "  compdef _stagemon stagemon",
      "fi",
      "",
    ]
    return lines.joined(separator: "\n")
  }

  private static func offer(_ value: CompletionValue, option: CommandOption?) -> String {
    switch value {
    case .file: return "_files"
    case .directory: return "_files -/"
    case .choices(let words): return "compadd -- \(ShellWords.list(words))"
    case .text: return "_message \(ShellWords.quoted("value of \(option?.name ?? "")"))"
    }
  }
}
