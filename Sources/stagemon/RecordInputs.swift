import Foundation
import IVSRecords
import InputKit

/// The inputs `import` and `explain` share: record files in any mix and the
/// `--sdk` / `--observer` additions, read into a `RecordSet`.
struct RecordInputs {
  let files: [String]
  let options: ImportOptions

  /// Parses `[--sdk ID=PLATFORM@VERSION]… [--observer ID=PLATFORM@VERSION]… FILE…`.
  init(_ arguments: inout Arguments, command: String) throws(UsageError) {
    var options = ImportOptions()
    do {
      for text in try arguments.options("--sdk") {
        options.sdks.append(try ImportOptions.assignment(text, option: "--sdk"))
      }
      for text in try arguments.options("--observer") {
        options.observers.append(try ImportOptions.assignment(text, option: "--observer"))
      }
    } catch let error as ImportUsageError {
      throw UsageError(error.message)
    } catch let error as UsageError {
      throw error
    } catch {
      throw UsageError("\(error)")
    }
    var files: [String] = []
    while let file = arguments.positional() { files.append(file) }
    guard !files.isEmpty else { throw UsageError("\(command) needs at least one record file") }
    self.files = files
    self.options = options
  }

  /// Reads every file into one record set; the first unusable file stops it.
  func read() throws -> RecordSet {
    try Self.records(try contents(), files: files)
  }

  /// The bytes of every file (`-`: standard input), each at most `BoundedInput.Limit.records`.
  func contents() throws -> [[UInt8]] {
    var contents: [[UInt8]] = []
    for file in files {
      do {
        contents.append(try BoundedInput.bytes(atPath: file, limit: BoundedInput.Limit.records))
      } catch {
        throw InputError("cannot read \(error)")
      }
    }
    return contents
  }

  /// The record set in files already read.
  static func records(_ contents: [[UInt8]], files: [String]) throws -> RecordSet {
    var records = RecordSet()
    for (bytes, file) in zip(contents, files) {
      try records.read(bytes: bytes, file: file)
    }
    return records
  }

  /// The issues, guesses and contradictions of an import, as stderr lines.
  static func warnings(_ session: ImportedSession) -> [String] {
    var lines = session.issues.map { "warning: \($0)" }
    if !session.guessedSDKs.isEmpty {
      lines.append(
        "warning: SDK guessed for \(session.guessedSDKs.map { $0.split(separator: ":")[0] }.joined(separator: ", "))"
          + " — give the real ones with --sdk ID=PLATFORM@VERSION")
    }
    lines += session.divergences.map { "divergence: \($0)" }
    return lines
  }
}
