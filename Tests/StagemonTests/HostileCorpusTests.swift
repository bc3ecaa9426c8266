import Foundation
import Testing

/// Every text output path of the real binary, fed the kinds of text the security review used —
/// OSC 52 and window titles, a faked "valid", CR/BS, C1, bidi overrides, noncharacters, a
/// bracketed-paste end — never lets a control or format character out.
@Suite struct HostileCorpusTests {
  /// The hostile strings, as JSON string bodies (so files hold the real characters once parsed).
  static let corpus = [
    #"\u001b]52;c;ZXZpbA==\u0007"#, #"\u001b]0;pwned\u0007"#, #"\u001b[2K\r valid \u001b[8m"#,
    #"a\bb\u007f"#, #"\u009b31m\u0085"#, #"abc\u202efed\u2066\u200f"#, #"\ufffe\uffff"#,
    #"\u001b[201~echo hi\r"#, #"zero\u200bwidth\u2028"#,
  ]

  /// One hostile string with every kind in it.
  static let everything = corpus.joined()

  /// The characters that must never come out, as they appear in decoded output.
  static func leaks(in text: String) -> [String] {
    var found: [String] = []
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let control =
        (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
      let format =
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        || [0x200B, 0x200E, 0x200F, 0x2028, 0xFFFE, 0xFFFF].contains(value)
      if control || format { found.append("U+" + String(value, radix: 16)) }
    }
    return found
  }

  static func expectClean(_ output: StagemonBinary.Output, _ what: String) {
    #expect(leaks(in: output.stdout).isEmpty, "\(what) stdout: \(leaks(in: output.stdout))")
    #expect(leaks(in: output.stderr).isEmpty, "\(what) stderr: \(leaks(in: output.stderr))")
  }

  /// ListParticipantEvents output with the corpus in attributes, user ids, error codes and event
  /// names, and in the participant id when `id` holds it.
  static func records(id: String) -> String {
    """
    {"events": [
      {"name": "JOINED", "participantId": "\(id)", "eventTime": "2026-04-20T10:01:01Z"},
      {"name": "TOKEN_EXCHANGED", "participantId": "\(id)", "eventTime": "2026-04-20T10:02:11Z",
       "previousToken": {"capabilities": ["SUBSCRIBE"], "attributes": {"role": "\(everything)"},
                         "userId": "\(everything)", "expirationTime": "2026-04-20T22:00:00Z"},
       "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"],
                    "attributes": {"\(everything)": "\(everything)"}, "userId": "u",
                    "expirationTime": "2026-04-20T23:00:00Z"}},
      {"name": "PUBLISH_ERROR", "participantId": "\(id)", "errorCode": "\(everything)",
       "eventTime": "2026-04-20T10:01:30Z"},
      {"name": "\(everything)", "participantId": "x", "eventTime": "2026-04-20T10:01:31Z"}
    ]}
    """
  }

  /// The corpus decoded, for command-line arguments.
  static var decoded: String {
    (try? JSONSerialization.jsonObject(
      with: Data("\"\(everything)\"".utf8), options: .fragmentsAllowed))
      as? String ?? ""
  }

  static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  /// `token` with its `version` claim set to `version` (the signature no longer holds).
  static func tampered(_ token: String, version: String) -> String {
    let parts = token.split(separator: ".").map(String.init)
    var payload = parts[1].replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
    let json = String(decoding: Data(base64Encoded: payload) ?? Data(), as: UTF8.self)
      .replacingOccurrences(of: #""version":"1.0""#, with: #""version":"\#(version)""#)
    return parts[0] + "." + base64URL(Data(json.utf8)) + "." + parts[2]
  }

  @Test func importAndExplainShowHostileRecordsSafely() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    let hostileIDs = folder.appendingPathComponent("ids.json")
    try Data(Self.records(id: "guest" + Self.everything).utf8).write(to: hostileIDs)
    let records = folder.appendingPathComponent("records.json")
    try Data(Self.records(id: "guest").utf8).write(to: records)
    for arguments in [
      ["import", hostileIDs.path], ["explain", hostileIDs.path], ["explain", records.path],
      ["explain", "--json", records.path],
      ["import", "--sdk", "\u{1B}]0;x\u{7}=ios@1.0.0", records.path],
    ] {
      Self.expectClean(try StagemonBinary.run(arguments), arguments.joined(separator: " "))
    }
    let scenario = folder.appendingPathComponent("imported.json").path
    let imported = try StagemonBinary.run(["import", "--out", scenario, records.path])
    Self.expectClean(imported, "import --out")
    #expect(imported.status == 0, "\(imported.stderr)")
    let text = try StagemonBinary.run(["run", scenario, "--headless", "--format", "text"])
    #expect(text.stdout.contains("\\x1b]52;c;") || text.stdout.contains("\\u001b]52;c;"))
    for arguments in [
      ["run", scenario, "--headless", "--format", "text"],
      ["run", scenario, "--headless", "--format", "jsonl"], ["run", scenario, "--check"],
      ["explain", scenario], ["test", scenario],
    ] {
      Self.expectClean(try StagemonBinary.run(arguments), arguments.joined(separator: " "))
    }
  }

  @Test func tokenCommandsShowHostileClaimsSafely() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    let keys = folder.appendingPathComponent("keys").path
    #expect(try StagemonBinary.run(["token", "keygen", "--out", keys]).status == 0)
    let minted = try StagemonBinary.run([
      "token", "mint", "--key", keys + "/private.pem", "--stage-arn",
      "arn:aws:ivs:us-west-2:123456789012:stage/abcdEFGH1234", "--participant-id", "p1",
      "--user-id", "u" + Self.decoded, "--attr", "k=" + Self.decoded, "--publish",
    ])
    #expect(minted.status == 0, "\(minted.stderr)")
    let other = minted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let fake = Self.tampered(other, version: #"\u001b[2K\r valid \u001b[8m"#)
    let inspected = try StagemonBinary.run(["token", "inspect", other])
    #expect(inspected.stdout.contains("\\x1b]52;c;"), "\(inspected.stdout)")
    for arguments in [
      ["token", "inspect", fake], ["token", "inspect", "--json", fake],
      ["token", "verify", "--public-key", keys + "/public.pem", fake],
      ["token", "verify", "--keys", keys, "--json", fake], ["token", "diff", other, fake],
      ["token", "diff", "--json", other, fake], ["token", "inspect", "-"],
    ] {
      let output = try StagemonBinary.run(arguments, input: fake)
      Self.expectClean(output, arguments.joined(separator: " "))
    }
  }

  @Test func errorMessagesQuoteHostileInputSafely() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    let name = folder.appendingPathComponent("\u{1B}]0;title\u{7}\u{202E}.json").path
    let bad = folder.appendingPathComponent("bad.json")
    try Data(
      "{\"participants\": [{\"id\": \"\u{1B}[31m\u{9B}\"}], \"steps\": [{\"join\": \"\u{1B}]52;c;eA==\u{7}\"}]}"
        .utf8
    )
    .write(to: bad)
    for arguments in [
      ["run", name, "--headless"], ["run", bad.path, "--headless"], ["test", bad.path],
      ["run", bad.path, "--format", "\u{1B}[2J"], ["token", "inspect", "\u{1B}]0;x\u{7}"],
      ["explain", name], ["import", bad.path], ["\u{1B}[2J\u{9B}"], ["token", "\u{1B}c"],
    ] {
      Self.expectClean(try StagemonBinary.run(arguments), arguments.joined(separator: " "))
    }
  }
}
