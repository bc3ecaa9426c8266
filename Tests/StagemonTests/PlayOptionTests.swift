import Testing

@testable import stagemon

/// `--play [SPEED]`: the speed is optional, and a speed that is not a positive number is a
/// usage error (exit 2) naming the option and the word.
@Suite struct PlayOptionTests {
  private static let speeds: [([String], Double)] = [
    (["--play"], 1.0),
    (["--play", "20"], 20),
    (["--play", "0.5"], 0.5),
    (["--play=3"], 3),
    (["demo.json", "--play"], 1),
    (["demo.json", "--play", "--no-color"], 1),
    (["--play", "2", "demo.json"], 2),
  ]

  @Test(arguments: speeds)
  func playSpeedParses(words: [String], speed: Double) throws {
    var arguments = Arguments(words)
    let options = try MonitorCommand.Options(&arguments)
    #expect(options.playSpeed == speed)
  }

  @Test func withoutPlayThereIsNoSpeed() throws {
    var arguments = Arguments(["demo.json"])
    let options = try MonitorCommand.Options(&arguments)
    #expect(options.playSpeed == nil)
    #expect(options.scenario == "demo.json")
  }

  @Test(arguments: ["0", "-1", "fast", "nan", "inf", "1001", "demo.json", "1e-20", "0.001"])
  func badSpeedIsAUsageError(speed: String) throws {
    var arguments = Arguments(["--play", speed])
    #expect(throws: UsageError.self) { try MonitorCommand.Options(&arguments) }
    let output = try StagemonBinary.run(["--play", speed])
    #expect(output.status == 2)
    #expect(output.stderr.contains("--play needs a speed from 0.01 to 1000"))
    #expect(output.stderr.contains("\"\(speed)\""))
  }
}
