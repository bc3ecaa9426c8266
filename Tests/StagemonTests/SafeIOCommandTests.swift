import Foundation
import Testing

/// The real binary's writes and reads: outputs never go through a symbolic link, over an existing
/// file without `--force`, over the command's own input, or half-way onto a full disk; a full or
/// closed standard output ends with status 1, never a trap; FIFOs, pipes, `/dev/stdin`, process
/// substitution and `/dev/zero` are read as bounded streams.
@Suite struct SafeIOCommandTests {
  static let repository = RunCommandTests.repository
  static let scenario = repository.appendingPathComponent("Scenarios/cohost-upgrade.json").path
  static let records =
    repository.appendingPathComponent("Tests/Fixtures/ivs-records/constructed.token-exchanged.json")
    .path

  /// Runs `script` in bash with `$STAGEMON` set to the binary, in `folder`.
  func shell(_ script: String, in folder: URL) throws -> StagemonBinary.Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging([
      "STAGEMON": StagemonBinary.url.path, "SCENARIO": Self.scenario, "RECORDS": Self.records,
    ]) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return .init(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  func listing(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test func outputsRefuseSymbolicLinksExistingFilesAndTheirOwnInput() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    let result = try shell(
      """
      echo keep > target; ln -s target link; echo old > existing; cp "$SCENARIO" own.json
      "$STAGEMON" import --out link "$RECORDS"; echo "link=$?"
      "$STAGEMON" run "$SCENARIO" --headless --out link; echo "runlink=$?"
      "$STAGEMON" import --out existing "$RECORDS"; echo "existing=$?"
      "$STAGEMON" run own.json --headless --out own.json --force; echo "own=$?"
      "$STAGEMON" run own.json --update-golden own.json; echo "golden=$?"
      cat target existing; cmp -s own.json "$SCENARIO" && echo own-intact
      "$STAGEMON" import --out existing --force "$RECORDS"; echo "forced=$?"
      """, in: folder)
    for line in [
      "link=1", "runlink=1", "existing=1", "own=1", "golden=1", "keep", "old", "own-intact",
      "forced=0",
    ] {
      #expect(result.stdout.contains(line + "\n"), "\(line) in \(result.stdout)")
    }
    #expect(result.stderr.contains("cannot write link: it is a symbolic link; not following it"))
    #expect(result.stderr.contains("cannot write existing: it already exists"))
    #expect(result.stderr.contains("cannot write own.json: it is an input of this command"))
    #expect(listing(folder) == ["existing", "link", "own.json", "target"])
  }

  @Test func aFullDiskLeavesNoPartialFileAndKeygenCanBeRerun() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    let result = try shell(
      """
      (ulimit -f 0; "$STAGEMON" import --out scenario.json "$RECORDS"); echo "import=$?"
      (ulimit -f 0; "$STAGEMON" run "$SCENARIO" --headless --out events.jsonl); echo "run=$?"
      (ulimit -f 0; "$STAGEMON" token keygen --out keys); echo "keygen=$?"
      ls -A keys; "$STAGEMON" token keygen --out keys > /dev/null; echo "rerun=$?"
      """, in: folder)
    for line in ["import=1", "run=1", "keygen=1", "rerun=0"] {
      #expect(result.stdout.contains(line + "\n"), "\(line) in \(result.stdout) \(result.stderr)")
    }
    #expect(result.stderr.contains("File too large"))
    #expect(listing(folder) == ["keys"])
    #expect(listing(folder.appendingPathComponent("keys")) == ["kid", "private.pem", "public.pem"])
  }

  @Test func aFullOrClosedStandardOutputEndsWithStatusOne() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    let result = try shell(
      """
      "$STAGEMON" import "$RECORDS" > /dev/full; echo "import=$?"
      "$STAGEMON" explain "$RECORDS" > /dev/full; echo "explain=$?"
      "$STAGEMON" test "$SCENARIO" > /dev/full; echo "test=$?"
      "$STAGEMON" token keygen --out k > /dev/null
      "$STAGEMON" token mint --key k/private.pem --stage-arn \\
        arn:aws:ivs:us-west-2:123456789012:stage/abcdEFGH1234 --participant-id p > /dev/full
      echo "mint=$?"
      "$STAGEMON" run "$SCENARIO" --headless --format jsonl 2> pipe.err | (exec <&-)
      echo "pipe=${PIPESTATUS[0]}"; wc -c < pipe.err
      """, in: folder)
    for line in ["import=1", "explain=1", "test=1", "mint=1", "pipe=1", "0"] {
      #expect(result.stdout.contains(line + "\n"), "\(line) in \(result.stdout)")
    }
    #expect(result.stderr.contains("cannot write to standard output: No space left on device"))
    #expect(!result.stderr.contains("Illegal instruction"))
  }

  @Test func pipesFIFOsAndDevicesAreReadAsBoundedStreams() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    let result = try shell(
      """
      mkfifo fifo
      "$STAGEMON" token inspect fifo; echo "fifo=$?"
      "$STAGEMON" run fifo --headless; echo "runfifo=$?"
      "$STAGEMON" token inspect - < /dev/zero; echo "zero=$?"
      "$STAGEMON" explain /dev/zero; echo "explainzero=$?"
      "$STAGEMON" import - < /dev/zero; echo "importzero=$?"
      head -c 2000000 /dev/zero | tr '\\0' 'x' | "$STAGEMON" token inspect -; echo "bigtoken=$?"
      "$STAGEMON" import <(cat "$RECORDS") > a.json; echo "substitution=$?"
      "$STAGEMON" import /dev/stdin < "$RECORDS" > b.json; echo "devstdin=$?"
      cat "$RECORDS" | "$STAGEMON" import - > c.json; echo "pipe=$?"
      cmp -s a.json b.json && cmp -s b.json c.json && echo same
      (sleep 0.3; cat "$SCENARIO" > fifo) & "$STAGEMON" run fifo --headless | wc -l; wait
      """, in: folder)
    for line in [
      "fifo=1", "runfifo=1", "zero=1", "explainzero=1", "importzero=1", "bigtoken=1",
      "substitution=0", "devstdin=0", "pipe=0",
      "same",
    ] {
      #expect(result.stdout.contains(line + "\n"), "\(line) in \(result.stdout) \(result.stderr)")
    }
    #expect(result.stderr.contains("fifo: a FIFO that no program wrote to within 2.0 s"))
    #expect(result.stderr.contains("-: not text: a NUL byte at offset 0"))
    #expect(result.stderr.contains("-: larger than 1 MB, the most accepted here"))
    let lines = result.stdout.split(separator: "\n").last.flatMap {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
    #expect((lines ?? 0) > 10)
  }
}
