import Foundation
import Testing

/// File names as people type them: one character (`x`), with no folder, reached every path
/// function that crashed in Foundation (SIGILL, issue #32 item 11); folders stagemon creates
/// are 0700 whatever the umask (item 5).
struct PathCommandTests {
  /// Runs `script` in bash in `folder`, with the binary as `$STAGEMON` and a scenario copied
  /// to `x`.
  func shell(_ script: String) throws -> (StagemonBinary.Output, URL) {
    let folder = try StagemonBinary.temporaryDirectory()
    try FileManager.default.copyItem(
      atPath: SafeIOCommandTests.scenario, toPath: folder.appendingPathComponent("x").path)
    let result = try StagemonBinary.run(
      ["-c", script], environment: ["STAGEMON": StagemonBinary.url.path], directory: folder,
      executable: "/bin/bash")
    return (result, folder)
  }

  @Test(arguments: [
    #""$STAGEMON" run x --headless > /dev/null"#, #""$STAGEMON" test x"#,
    #""$STAGEMON" run x --headless --update-golden g > /dev/null && ls g"#,
    #""$STAGEMON" x --headless < /dev/null > /dev/null"#, #""$STAGEMON" explain x"#,
    #""$STAGEMON" import y"#,
  ])
  func oneCharacterFileNamesNeverCrash(_ command: String) throws {
    let (result, _) = try shell(command + #"; echo "status=$?""#)
    let status = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    #expect(
      ["status=0", "status=1", "status=2"].contains(status), "\(result.stdout)\(result.stderr)")
    #expect(!result.stderr.contains("Illegal instruction"))
    #expect(!result.stderr.contains("Fatal error"))
  }

  @Test func keygenFoldersArePrivateUnderAnOpenUmask() throws {
    let (result, folder) = try shell(
      #"umask 000; "$STAGEMON" token keygen --out newkeys/qa > /dev/null; echo "status=$?""#)
    #expect(result.stdout.contains("status=0"), "\(result.stderr)")
    for path in ["newkeys", "newkeys/qa"] {
      let mode =
        try FileManager.default.attributesOfItem(
          atPath: folder.appendingPathComponent(path).path)[.posixPermissions] as? Int
      #expect(mode == 0o700, "\(path)")
    }
  }
}
