/// `stagemon completions bash`: a `complete -F` function from the command table.
enum BashCompletion {
  static func script(_ model: CompletionModel) -> String {
    var lines = [
      "# bash completion for stagemon (stagemon completions bash). Load it with",
      "#   source <(stagemon completions bash)",
      "# or save it as ~/.local/share/bash-completion/completions/stagemon",
      "_stagemon() {",
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
    ]
    lines += ShellWords.scan(model, array: "COMP_WORDS", from: "1", to: "COMP_CWORD")
    lines += ["  COMPREPLY=()", "  case \"$command|$prev\" in"]
    for (path, option, value) in model.valueOptions {
      let key = ShellWords.quoted("\(path)|\(option.name)")
      lines.append("  \(key)) \(offer(value)); return ;;")
    }
    lines += ["  esac", "  case $command in"]
    for node in model.nodes {
      lines += [
        "  \(ShellWords.quoted(node.path)))",
        "    if [[ $cur == -* ]]; then",
        "      mapfile -t COMPREPLY < <(compgen -W \"\(ShellWords.list(node.options.map(\.name)))\" -- \"$cur\")",
        "      return",
        "    fi",
      ]
      if !node.words.isEmpty {
        lines.append(
          "    mapfile -t COMPREPLY < <(compgen -W \"\(ShellWords.list(node.words))\" -- \"$cur\")")
      }
      if let operands = node.operands, operands == .file || operands == .directory {
        lines.append("    \(offer(operands, adding: true))")
      }
      lines.append("    ;;")
    }
    lines += ["  esac", "}", "complete -o filenames -F _stagemon stagemon", ""]
    return lines.joined(separator: "\n")
  }

  /// The command that fills (or, `adding`, extends) COMPREPLY with `value`'s candidates.
  private static func offer(_ value: CompletionValue, adding: Bool = false) -> String {
    let target = adding ? "-O \"${#COMPREPLY[@]}\" COMPREPLY" : "COMPREPLY"
    switch value {
    case .file: return "mapfile -t \(target) < <(compgen -f -- \"$cur\")"
    case .directory: return "mapfile -t \(target) < <(compgen -d -- \"$cur\")"
    case .choices(let words):
      return "mapfile -t \(target) < <(compgen -W \"\(ShellWords.list(words))\" -- \"$cur\")"
    case .text: return ":"
    }
  }
}
