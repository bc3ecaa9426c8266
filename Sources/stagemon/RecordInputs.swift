import Foundation
import IVSRecords

/// The inputs `import` and `explain` share: record files in any mix and the
/// `--sdk` / `--observer` additions, read into a `RecordSet`.
struct RecordInputs {
  let files: [String]
  let options: ImportOptions
  /// Warnings about the folders given (an incomplete fetch).
  let folderNotes: [String]

  /// Record files read as they are (`explain --stage` passes what it fetched).
  init(files: [String], options: ImportOptions) {
    self.files = files
    self.options = options
    folderNotes = []
  }

  /// Parses `[--sdk ID=PLATFORM@VERSION]… [--observer ID=PLATFORM@VERSION]… FILE…`.
  init(_ arguments: inout Arguments, command: String, filesRequired: Bool = true)
    throws(UsageError)
  {
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
    guard !files.isEmpty || !filesRequired else {
      throw UsageError("\(command) needs at least one record file")
    }
    self.files = files.flatMap {
      FetchedFolder.isFolder($0) ? FetchedFolder.recordFiles(in: $0) : [$0]
    }
    folderNotes = files.compactMap { folder in
      guard let manifest = FetchedFolder.manifest(in: folder), !manifest.complete else {
        return nil
      }
      return "warning: \(folder) is an incomplete fetch of \(manifest.sessionId): "
        + manifest.problems.joined(separator: "; ")
    }
    self.options = options
  }

  /// Reads every file into one record set; the first unusable file stops it.
  func read() throws -> RecordSet {
    for note in folderNotes { Console.error(note) }
    var records = RecordSet()
    for file in files {
      let bytes: [UInt8]
      if file == "-" {
        bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
      } else {
        guard let data = FileManager.default.contents(atPath: file) else {
          throw InputError("cannot read \(file): \(String(cString: strerror(errno)))")
        }
        bytes = Array(data)
      }
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

/// Writes a whole file or nothing: a temporary file beside it, renamed over it at the end.
enum AtomicFile {
  static func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
    do {
      try Data(text.utf8).write(to: temporary)
      guard rename(temporary.path, url.path) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw InputError("cannot write \(path): \(reason)")
      }
    } catch let error as InputError {
      throw error
    } catch {
      throw InputError("cannot write \(path): \(error.localizedDescription)")
    }
  }
}
