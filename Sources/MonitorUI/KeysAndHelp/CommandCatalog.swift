/// The `:` commands: their usage lines (for the hint and help) and completion. Every key
/// action is reachable here by name too.
public enum CommandCatalog {
  /// Completion candidates besides command names.
  public struct Context: Sendable {
    /// Participant IDs.
    public var participants: [String]
    /// Deck entry words for `exchange`.
    public var tokens: [String]
    /// Theme names.
    public var themes: [String]

    /// Creates a context.
    public init(participants: [String], tokens: [String], themes: [String]) {
      self.participants = participants
      self.tokens = tokens
      self.themes = themes
    }
  }

  /// Command name → usage, in help order.
  public static let usages: [(name: String, usage: String)] = [
    ("publish", "publish ID"), ("unpublish", "unpublish ID"), ("join", "join ID"),
    ("leave", "leave ID"), ("reconnect", "reconnect ID"), ("drop", "drop ID"),
    ("mute", "mute ID [audio|video]"), ("unmute", "unmute ID [audio|video]"),
    ("refresh", "refresh ID"),
    ("exchange", "exchange ID TOKEN [VALUE]"), ("yes", "yes"), ("no", "no"),
    ("next", "next"), ("sdk", "sdk ID PLATFORM@VERSION"), ("policy", "policy live|on-reconnect"),
    ("start-composition", "start-composition ID [grid|pip] [live|on-reconnect]"),
    ("stop-composition", "stop-composition ID"),
    ("advance", "advance 30s|5m|13h"), ("select", "select ID"), ("filter", "filter TEXT"),
    ("pause", "pause"), ("save", "save"), ("save-scenario", "save-scenario [FILE]"),
    ("expect", "expect"),
    ("back", "back"), ("forward", "forward"), ("restart", "restart"), ("goto", "goto STEP"),
    ("copy", "copy"),
    ("screenshot", "screenshot [FILE]"),
    ("theme", "theme [NAME]"), ("rule", "rule [ID]"), ("help", "help"),
    ("quit", "quit"),
  ]

  /// Names that take a participant ID as first argument.
  static let participantCommands: Set<String> = [
    "publish", "unpublish", "join", "leave", "reconnect", "refresh", "exchange", "sdk", "select",
    "drop", "mute", "unmute",
  ]

  /// Commands that act on the stage or move its run: refused read-only (`attach`) before their
  /// words are even checked, as their keys are.
  static let stageCommands: Set<String> = participantCommands.subtracting(["select"]).union([
    "yes", "no", "next", "policy", "start-composition", "stop-composition", "advance", "goto",
  ])

  /// Candidates for the word being typed at the end of `text`.
  public static func candidates(for text: String, context: Context) -> [String] {
    var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    let partial = words.popLast() ?? ""
    let options: [String]
    switch words.count {
    case 0: options = usages.map(\.name)
    case 1 where participantCommands.contains(words[0]): options = context.participants
    case 1 where words[0] == "theme": options = context.themes
    case 1 where words[0] == "policy": options = ["live", "on-reconnect"]
    case 2 where words[0] == "exchange": options = context.tokens
    default: options = []
    }
    return options.filter { $0.hasPrefix(partial) }
  }

  /// `text` with its last word completed to the candidates' common prefix.
  public static func complete(_ text: String, context: Context) -> String {
    guard text.utf8.count <= hintLimit else { return text }
    let found = candidates(for: text, context: context)
    guard let first = found.first else { return text }
    var common = first
    for candidate in found.dropFirst() {
      while !candidate.hasPrefix(common) { common.removeLast() }
    }
    let head = text.split(separator: " ", omittingEmptySubsequences: false).dropLast()
      .joined(separator: " ")
    let completed = head.isEmpty ? common : head + " " + common
    return found.count == 1 ? completed + " " : completed
  }

  /// Longest command line (in bytes) that hints and completion read; beyond it the line is a
  /// pasted value, not a command being typed.
  public static let hintLimit = 512

  /// The hint shown while typing: the usage of the command typed, or the matching names.
  public static func hint(for text: String, context: Context) -> String {
    let words = text.split(separator: " ").map(String.init)
    if let name = words.first, text.contains(" "),
      let usage = usages.first(where: { $0.name == name })?.usage
    {
      let options = candidates(for: text, context: context)
      let listed = options.prefix(6).joined(separator: " ")
      return options.isEmpty ? usage : "\(usage) — \(listed)"
    }
    return candidates(for: text, context: context).joined(separator: " ")
  }
}
