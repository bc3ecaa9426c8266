import Foundation

/// Drives the real `stagemon` binary inside a detached tmux session, the way
/// a person at a terminal would: send keys, read the screen, and wait for a
/// screen condition with a deadline instead of sleeping.
final class TmuxSession {
  let name: String
  private let socket: String

  /// Whether tmux exists here; CI sets STAGEMON_REQUIRE_TMUX so its absence fails there.
  static let available: Bool = (try? run(["tmux", "-V"]))?.status == 0
  static let required = ProcessInfo.processInfo.environment["STAGEMON_REQUIRE_TMUX"] != nil
  static var enabled: Bool { available || required }

  /// Starts `stagemon arguments` at `width`×`height` in a private tmux server.
  init(
    _ arguments: [String] = [], width: Int = 120, height: Int = 40,
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
    let command =
      (["env"] + env + [StagemonBinary.url.path] + arguments)
      .map(Self.quote).joined(separator: " ") + "; echo \"[exit $?]\"; exec sh"
    // The tmux server this starts would hold a captured pipe open forever,
    // so its output goes nowhere.
    let status = try Self.launch(
      [
        "tmux", "-S", socket, "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
        command,
      ])
    guard status == 0 else { throw TmuxError("tmux new-session failed with status \(status)") }
  }

  deinit { _ = try? tmux(["kill-server"]) }

  /// Types keys (tmux key names such as "Tab", "Enter", "Space", "BTab", "C-c", or literal text).
  func send(_ keys: String...) throws {
    _ = try tmux(["send-keys", "-t", name] + keys)
  }

  /// Types literal text (no key-name interpretation).
  func type(_ text: String) throws {
    _ = try tmux(["send-keys", "-t", name, "-l", text])
  }

  /// The visible screen as text.
  func screen() throws -> String {
    try tmux(["capture-pane", "-p", "-t", name]).stdout
  }

  /// Whether the pane is in the alternate screen (curses running).
  func inAlternateScreen() throws -> Bool {
    try tmux(["display-message", "-p", "-t", name, "#{alternate_on}"]).stdout.hasPrefix("1")
  }

  /// Resizes the window.
  func resize(width: Int, height: Int) throws {
    _ = try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
  }

  /// Polls the screen until `condition` holds or `seconds` pass; returns the
  /// last screen so a failing expectation can show it.
  @discardableResult
  func waitFor(_ seconds: Double = 10, _ condition: (String) -> Bool) throws -> (
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
  func waitFor(text: String, seconds: Double = 10) throws -> (met: Bool, screen: String) {
    try waitFor(seconds) { $0.contains(text) }
  }

  private func tmux(_ arguments: [String]) throws -> StagemonBinary.Output {
    try Self.run(["tmux", "-S", socket] + arguments)
  }

  private static func run(_ arguments: [String]) throws -> StagemonBinary.Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = Pipe()
    try process.run()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return StagemonBinary.Output(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  /// Starts a command the way a shell would, with every descriptor above
  /// stderr closed in the child and no pipes: a tmux server it starts lives
  /// on, and must not inherit anything this process (or Foundation's
  /// `Process`) waits on.
  private static func launch(_ arguments: [String]) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap(Int32.init) where fd > 2 {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
    let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
    }
    // The test runner's threads block signals; a terminal program must start
    // with none blocked and default handlers, or it never sees SIGWINCH or SIGHUP.
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
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environ)
    guard spawned == 0 else { throw TmuxError("cannot start tmux: error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status >> 8) & 0xFF
  }

  private static func quote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// A tmux command that failed.
struct TmuxError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
