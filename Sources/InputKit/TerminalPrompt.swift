import Glibc

/// Asks the person at the controlling terminal (`/dev/tty`, not the standard streams, which
/// may be piped) for a short secret such as an MFA code, as Python's `getpass` does: the prompt
/// is shown, what is typed is not echoed, and the terminal's modes are put back however the
/// answer ends. Keys are read one at a time, so Ctrl-C and Ctrl-D cancel at once (no signal
/// can leave the echo off) and Backspace works; at most `maximumLength` characters are kept.
public enum TerminalPrompt {
  /// The longest answer kept.
  public static let maximumLength = 256

  /// The answer typed after `prompt`; nil when there is no terminal or the person cancelled.
  public static func askSecretly(_ prompt: String) -> String? {
    let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var saved = termios()
    guard tcgetattr(fd, &saved) == 0 else { return nil }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
    withUnsafeMutableBytes(of: &quiet.c_cc) { controls in
      controls[Int(VMIN)] = 1
      controls[Int(VTIME)] = 0
    }
    guard tcsetattr(fd, TCSAFLUSH, &quiet) == 0 else { return nil }
    defer { tcsetattr(fd, TCSAFLUSH, &saved) }
    Console.writeRaw(Array(TerminalText.safe(prompt).utf8), to: fd)
    defer { Console.writeRaw(Array("\r\n".utf8), to: fd) }
    return readAnswer(from: fd)
  }

  /// Keys until Enter: Backspace removes the last character, Ctrl-C, Ctrl-D and end of input
  /// cancel, other control keys are ignored.
  static func readAnswer(from fd: Int32) -> String? {
    var answer: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(fd, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return nil }
      switch byte {
      case 0x0D, 0x0A: return String(decoding: answer, as: UTF8.self)
      case 0x03, 0x04: return nil
      case 0x7F, 0x08:
        // Drop the last character: its last byte and any UTF-8 continuation bytes before it.
        while let last = answer.popLast(), last & 0xC0 == 0x80 {}
      case 0..<0x20: continue
      default:
        if answer.count < maximumLength * 4 { answer.append(byte) }
      }
    }
  }
}
