import Foundation

/// Writes to the standard streams; keeps commands free of `print` details and
/// lets errors always go to stderr as SPEC §8 requires.
enum Console {
  /// Writes a line to standard output.
  static func out(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Writes a line to standard error.
  static func error(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Reads all of standard input as text.
  static func readStandardInput() -> String {
    String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
  }
}
