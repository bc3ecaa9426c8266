// Arguments: any argument vector through every command's option parser, and any file name
// through every function that derives one path from another (issue #32 item 11).

@testable import InputKit
@testable import MonitorUI
@testable import ScenarioChecks
@testable import stagemon

/// libFuzzer calls this once per input: the words of an argument vector, separated by NUL
/// bytes. Parsing must never crash; each path function must keep its promise on any word.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  parseEverywhere(words)
  for word in words.prefix(8) { derive(from: word) }
  return 0
}

/// The words as each command's options; the monitor also takes the first as its file.
private func parseEverywhere(_ words: [String]) {
  func parse<Options: CommandOptions>(_: Options.Type) {
    var arguments = Arguments(words)
    _ = try? Options(&arguments)
  }
  parse(RunCommand.Options.self)
  parse(TestCommand.Options.self)
  parse(ImportCommand.Options.self)
  parse(ExplainCommand.Options.self)
  parse(MonitorCommand.Options.self)
  parse(FetchCommand.Options.self)
  parse(AttachCommand.Options.self)
}

/// Every path derived from `path`, with what each promises. Slashes and dots are checked as
/// Unicode scalars, as the kernel reads them: a combining mark after `/` makes one Swift
/// character but leaves the slash a slash.
private func derive(from path: String) {
  let folder = PathName.folder(of: path)
  let name = PathName.name(of: path)
  precondition(!folder.isEmpty && (folder == "/" || folder.unicodeScalars.last != "/"))
  precondition(name == "/" || !name.unicodeScalars.contains("/"))
  precondition(!PathName.stem(of: path).unicodeScalars.contains("/") || name == "/")
  let joined = PathName.join(folder, name)
  precondition(path.isEmpty || PathName.name(of: joined) == name)
  let normal = PathName.normalized("/" + path)
  let parts = normal.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
  precondition(normal.utf8.first == UInt8(ascii: "/"))
  precondition(normal == "/" || !parts.dropFirst().contains { $0.isEmpty })
  precondition(!parts.contains { $0.elementsEqual(".".utf8) || $0.elementsEqual("..".utf8) })
  let temporary = SafeFile.temporaryPath(for: path)
  precondition(PathName.name(of: temporary).unicodeScalars.first == ".")
  _ = ScenarioSaver.keyPath(for: path)
  _ = GoldenStream.defaultPath(for: path)
}
