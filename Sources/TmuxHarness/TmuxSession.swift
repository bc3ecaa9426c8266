import Foundation

/// Drives a terminal program inside a detached tmux session, the way a
/// person at a terminal would: send keys, read the screen, and wait for a
/// screen condition with a deadline instead of sleeping. The end-to-end tests
/// and the key-latency benchmark share it.
public final class TmuxSession {
  /// The tmux session name (its server has a private socket).
  public let name: String
  private let socket: String

  /// Whether tmux exists here.
  public static let available: Bool = (try? run(["tmux", "-V"]))?.status == 0
  /// CI sets STAGEMON_REQUIRE_TMUX so that a missing tmux fails rather than skips.
  public static let required = ProcessInfo.processInfo.environment["STAGEMON_REQUIRE_TMUX"] != nil
  /// Whether tests that need tmux should run.
  public static var enabled: Bool { available || required }

  /// Starts `command` (an argv) at `width`×`height` in a private tmux server,
  /// under a shell that prints "[exit N]" when it ends and stays open.
  public init(
    _ command: [String], width: Int = 120, height: Int = 40,
    environment: [String: String] = [:]
  ) throws {
    name = "stagemon-\(UUID().uuidString.prefix(8))"
    socket = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).sock").path
    let env =
      (["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"].merging(environment) {
        $1
      })
      .map { "\($0.key)=\($0.value)" }
    // A shell runs the program so that after it exits the pane stays and
    // shows what the terminal was left like.
    let shellCommand =
      (["env"] + env + command)
      .map(Self.quote).joined(separator: " ") + "; echo \"[exit $?]\"; exec sh"
    // The tmux server this starts would hold a captured pipe open forever,
    // so its output goes nowhere.
    let status = try Self.launch(
      [
        "tmux", "-S", socket, "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
        shellCommand,
      ])
    guard status == 0 else { throw TmuxError("tmux new-session failed with status \(status)") }
  }

  deinit { _ = try? tmux(["kill-server"]) }

  /// Types keys (tmux key names such as "Tab", "Enter", "Space", "BTab", "C-c", or literal text).
  public func send(_ keys: String...) throws {
    _ = try tmux(["send-keys", "-t", name] + keys)
  }

  /// Types literal text (no key-name interpretation).
  public func type(_ text: String) throws {
    _ = try tmux(["send-keys", "-t", name, "-l", text])
  }

  /// Sends raw bytes to the program as if the terminal had sent them (`send-keys -H`), e.g. an
  /// SGR mouse report for a click.
  public func send(bytes: [UInt8]) throws {
    _ = try tmux(["send-keys", "-t", name, "-H"] + bytes.map { String(format: "%02x", $0) })
  }

  /// Pastes `text` the way a terminal does: as bracketed paste when the program asked for it
  /// (tmux `paste-buffer -p`), else as typed bytes. The text goes through a file, so any size
  /// works.
  public func paste(_ text: String) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).paste")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try tmux(["load-buffer", "-b", "stagemon", file.path])
    _ = try tmux(["paste-buffer", "-p", "-d", "-b", "stagemon", "-t", name])
  }

  /// The visible screen as text; with `includingStyles`, with its colour and
  /// attribute escape sequences, so a change of style alone shows as a change.
  public func screen(includingStyles: Bool = false) throws -> String {
    try tmux(["capture-pane", "-p", "-t", name] + (includingStyles ? ["-e"] : [])).stdout
  }

  /// Whether the pane is in the alternate screen (curses running).
  public func inAlternateScreen() throws -> Bool {
    try tmux(["display-message", "-p", "-t", name, "#{alternate_on}"]).stdout.hasPrefix("1")
  }

  /// The whole history of the main screen plus what is visible (`capture-pane -S -`): what
  /// the shell's scrollback holds.
  public func history() throws -> String {
    try tmux(["capture-pane", "-p", "-t", name, "-S", "-"]).stdout
  }

  /// Whether the program asked the terminal for mouse reports.
  public func mouseReporting() throws -> Bool {
    try tmux(["display-message", "-p", "-t", name, "#{mouse_any_flag}"]).stdout.hasPrefix("1")
  }

  /// Copies every byte the program writes to the terminal from now on into the file at `path`
  /// (`pipe-pane -O`), until `stopRecordingOutput`: what a test of the escape sequences reads.
  public func recordOutput(to path: String) throws {
    _ = try tmux(["pipe-pane", "-O", "-t", name, "cat > \(Self.quote(path))"])
  }

  /// Stops `recordOutput`.
  public func stopRecordingOutput() throws {
    _ = try tmux(["pipe-pane", "-t", name])
  }

  /// Resizes the window.
  public func resize(width: Int, height: Int) throws {
    _ = try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
  }

  /// Polls the screen until `condition` holds or `seconds` pass; returns the
  /// last screen so a failing expectation can show it.
  @discardableResult
  public func waitFor(_ seconds: Double = 10, _ condition: (String) -> Bool) throws -> (
    met: Bool, screen: String
  ) {
    let deadline = Date().addingTimeInterval(seconds)
    var last = ""
    repeat {
      last = try screen()
      if condition(last) { return (true, last) }
      usleep(20_000)
    } while Date() < deadline
    return (false, last)
  }

  /// Polls until the screen contains `text`.
  @discardableResult
  public func waitFor(text: String, seconds: Double = 10) throws -> (met: Bool, screen: String) {
    try waitFor(seconds) { $0.contains(text) }
  }

  /// Turns on tmux's `set-clipboard`, so a program's OSC 52 sets tmux's paste buffer.
  public func acceptClipboard() throws {
    _ = try tmux(["set-option", "-g", "set-clipboard", "on"])
  }

  /// tmux's newest paste buffer (what an OSC 52 copy put there), or "" when there is none.
  public func pasteBuffer() throws -> String {
    let output = try tmux(["show-buffer"])
    return output.status == 0 ? output.stdout : ""
  }

  private func tmux(_ arguments: [String]) throws -> Output {
    try Self.run(["tmux", "-S", socket] + arguments)
  }

  /// Runs a tmux command and returns what it printed on stdout.
  private static func run(_ arguments: [String]) throws -> Output {
    try spawn(arguments, capturingOutput: true)
  }

  /// Runs a command that starts a tmux server, which lives on and must not
  /// hold any pipe of ours open.
  private static func launch(_ arguments: [String]) throws -> Int32 {
    try spawn(arguments, capturingOutput: false).status
  }

  /// Runs `arguments` with posix_spawn: every descriptor above stderr closed
  /// in the child, no signal blocked and default handlers (the test runner's
  /// threads block signals, and a terminal program must still see SIGWINCH
  /// and SIGHUP). Foundation's `Process` is not used: it hangs when a child
  /// leaves a daemon behind, and it is slow enough to blur latency figures.
  private static func spawn(_ arguments: [String], capturingOutput: Bool) throws -> Output {
    var pipeEnds: [Int32] = [-1, -1]
    if capturingOutput { guard pipe(&pipeEnds) == 0 else { throw TmuxError("pipe failed") } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if capturingOutput {
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap(Int32.init) where fd > 2 {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    var all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environ)
    if capturingOutput { close(pipeEnds[1]) }
    guard spawned == 0 else {
      if capturingOutput { close(pipeEnds[0]) }
      throw TmuxError("cannot start \(arguments.first ?? ""): error \(spawned)")
    }
    let output = capturingOutput ? readAll(pipeEnds[0]) : []
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return Output(status: (status >> 8) & 0xFF, stdout: String(decoding: output, as: UTF8.self))
  }

  /// Reads a descriptor to its end and closes it.
  private static func readAll(_ fd: Int32) -> [UInt8] {
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += buffer[0..<count]
      } else if count == 0 || errno != EINTR {
        return bytes
      }
    }
  }

  private static func quote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// What a tmux command printed.
struct Output {
  let status: Int32
  let stdout: String
}

/// A tmux command that failed, or a screen condition that never came.
public struct TmuxError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String
  /// Creates an error.
  public init(_ description: String) { self.description = description }
}
