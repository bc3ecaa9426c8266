/// The command table as a shell completion needs it: for every command path (`""` the monitor,
/// `run`, `token`, `token mint`) the options, the words offered (commands, subcommands, choices)
/// and the operands. The three scripts are written from this one model.
struct CompletionModel {
  /// One command path and what may follow it.
  struct Node {
    /// `""`, `run`, `token`, `token mint`.
    let path: String
    /// Its options, `--help` included.
    let options: [CommandOption]
    /// Words offered where an operand may go: subcommands, or an operand's choices.
    let words: [String]
    /// Files or folders offered where an operand may go, if any.
    let operands: CompletionValue?
  }

  /// Every node, the monitor first.
  let nodes: [Node]
  /// The top-level command names (`run`, `token`, …).
  let commands: [String]
  /// The subcommands of each command that has them (`token`: keygen, mint, …).
  let groups: [(name: String, subcommands: [String])]

  /// The model of `rows`.
  init(_ rows: [CommandRow] = CommandTable.rows) {
    let help = CommandOption.flag("--help")
    var nodes: [Node] = []
    var commands: [String] = []
    var groups: [(name: String, subcommands: [String])] = []
    for row in rows {
      switch row.words.count {
      case 0:
        nodes.append(
          Node(
            path: "", options: row.options + [help, .flag("--version")], words: [],
            operands: row.operands))
      case 1:
        commands.append(row.words[0])
        nodes.append(Self.node(row.words[0], row, help: help))
      default:
        let group = row.words[0]
        if let index = groups.firstIndex(where: { $0.name == group }) {
          groups[index].subcommands.append(row.words[1])
        } else {
          commands.append(group)
          groups.append((group, [row.words[1]]))
        }
        nodes.append(Self.node(row.words.joined(separator: " "), row, help: help))
      }
    }
    for group in groups {
      nodes.append(Node(path: group.name, options: [help], words: group.subcommands, operands: nil))
    }
    if let index = nodes.firstIndex(where: { $0.path.isEmpty }) {
      let top = nodes[index]
      nodes[index] = Node(
        path: "", options: top.options, words: commands, operands: top.operands)
    }
    self.nodes = nodes
    self.commands = commands
    self.groups = groups
  }

  private static func node(_ path: String, _ row: CommandRow, help: CommandOption) -> Node {
    var words: [String] = []
    if case .choices(let choices) = row.operands { words = choices }
    return Node(path: path, options: row.options + [help], words: words, operands: row.operands)
  }

  /// Every option that takes a value, with the path it belongs to.
  var valueOptions: [(path: String, option: CommandOption, value: CompletionValue)] {
    nodes.flatMap { node in
      node.options.compactMap { option in option.value.map { (node.path, option, $0) } }
    }
  }
}

/// The shells `stagemon completions` writes a script for.
enum CompletionShell: String, CaseIterable, Sendable {
  case bash, zsh, fish

  /// The completion script for this shell, from the command table.
  func script(_ model: CompletionModel = CompletionModel()) -> String {
    switch self {
    case .bash: BashCompletion.script(model)
    case .zsh: ZshCompletion.script(model)
    case .fish: FishCompletion.script(model)
    }
  }
}
