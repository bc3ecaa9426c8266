import Glibc

/// Writes to the standard streams — the one exit from the command line to a person. Text goes
/// through `TerminalText.safe` (newlines and tabs kept), so no record, token or file name can
/// drive the terminal; a write that fails never traps: a closed pipe (`| head`) ends the process
/// quietly with status 1, a full disk or an I/O error (`> /dev/full`) ends it with a message on
/// standard error and status 1. Errors always go to stderr, as SPEC §8 requires.
public enum Console {
  /// Exit status after a failed write to a standard stream.
  public static let writeFailureStatus: Int32 = 1

  /// Makes a closed pipe an `EPIPE` error instead of a silent SIGPIPE death, and a file-size limit
  /// an `EFBIG` error; called once at start-up.
  public static func prepare() {
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
  }

  /// Writes a line to standard output.
  public static func out(_ line: String) {
    write(line + "\n", to: STDOUT_FILENO)
  }

  /// Writes a line to standard error.
  public static func error(_ line: String) {
    write(line + "\n", to: STDERR_FILENO)
  }

  /// Writes `text` (a whole report, lines included) to standard output as it is, safely.
  public static func write(_ text: String) {
    write(text, to: STDOUT_FILENO)
  }

  /// Writes `text` to standard output with stagemon's own colours: every outside part of it
  /// has already passed `TerminalText.safe`, and the only escapes left are the SGR sequences
  /// its writer added (a coloured diff).
  public static func writeStyled(_ text: String) {
    writeRaw(Array(text.utf8), to: STDOUT_FILENO)
  }

  /// Writes `text` to standard output unchanged: for JSON and JSONL, whose writer already escapes
  /// every control and format character.
  public static func writeJSON(_ text: String) {
    writeRaw(Array(text.utf8), to: STDOUT_FILENO)
  }

  /// Writes JSON bytes to standard output unchanged (JSON escapes every control already): for
  /// a document written a piece at a time.
  public static func writeJSON(bytes: [UInt8]) {
    writeRaw(bytes, to: STDOUT_FILENO)
  }

  /// Writes `text` to standard error unchanged: for stagemon's own terminal sequences (a progress
  /// line's `\r` and erase), never for outside text.
  public static func writeRawError(_ text: String) {
    writeRaw(Array(text.utf8), to: STDERR_FILENO)
  }

  /// Reads all of standard input as text, at most `limit` bytes.
  public static func readStandardInput(limit: Int) throws(InputFileError) -> String {
    let bytes = try BoundedInput.standardInput(limit: limit)
    do {
      return try UTF8Text.decode(bytes)
    } catch {
      throw InputFileError(path: "-", problem: .notUTF8(error))
    }
  }

  private static func write(_ text: String, to fd: Int32) {
    writeRaw(Array(TerminalText.safe(text, keepingLineBreaks: true).utf8), to: fd)
  }

  /// Writes every byte (`WriteLoop`) or ends the process as the type's comment says.
  static func writeRaw(_ bytes: [UInt8], to fd: Int32) {
    do {
      try WriteLoop.write(bytes, to: fd)
    } catch {
      if !error.isBrokenPipe, fd == STDOUT_FILENO {
        let message = "stagemon: cannot write to standard output: \(error)\n"
        try? WriteLoop.write(Array(message.utf8), to: STDERR_FILENO)
      }
      exit(writeFailureStatus)
    }
  }
}
