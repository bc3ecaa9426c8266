import InputKit

/// `stagemon completions bash|zsh|fish`: prints the completion script for a shell, made from
/// `CommandTable`, so every command and option completes in the installed binary.
enum CompletionsCommand {
  static let help = """
    USAGE: stagemon completions bash|zsh|fish

    Prints the shell completion script for every command and option of stagemon:
      bash   source <(stagemon completions bash), or save it as
             ~/.local/share/bash-completion/completions/stagemon
      zsh    save it as _stagemon in a folder of $fpath (or source it after compinit)
      fish   stagemon completions fish > ~/.config/fish/completions/stagemon.fish
    """

  static func run(_ words: [String]) -> ExitStatus {
    var arguments = Arguments(words)
    if arguments.answersHelp(help) { return .success }
    guard let name = arguments.positional() else {
      return Stagemon.fail(UsageError("completions needs a shell: bash, zsh or fish"), help: help)
    }
    guard let shell = CompletionShell(rawValue: name) else {
      return Stagemon.fail(
        UsageError("unknown shell \(Excerpt.quoted(name)); expected bash, zsh or fish"),
        help: help)
    }
    do {
      try arguments.finish()
    } catch {
      return Stagemon.fail(error, help: help)
    }
    Console.out(shell.script())
    return .success
  }
}
