import Testing

@testable import stagemon

/// `stagemon --help` and the monitor's own help list every monitor option: both are built
/// from `MonitorCommand.Option.allCases`, the list the parser reads.
@Suite struct UsageTests {
  @Test(arguments: [["--help"], ["--no-color", "--help"]])
  func helpListsEveryMonitorOption(arguments: [String]) throws {
    let output = try StagemonBinary.run(arguments)
    #expect(output.status == 0)
    for option in MonitorCommand.Option.allCases {
      #expect(output.stdout.contains(option.usage), "\(arguments) lacks \(option.usage)")
    }
  }

  @Test(arguments: MonitorCommand.Option.allCases)
  func parserAcceptsEachListedOption(option: MonitorCommand.Option) throws {
    let value = option == .asOf ? "2025-12-01" : "7"
    var arguments = Arguments(
      option.argument == nil ? [option.rawValue] : [option.rawValue, value])
    let options = try MonitorCommand.Options(&arguments)
    switch option {
    case .theme: #expect(options.theme == "7")
    case .noColor: #expect(options.noColor)
    case .noMouse: #expect(options.noMouse)
    case .logLines: #expect(options.logLines == 7)
    case .exitAfterFrames: #expect(options.exitAfterFrames == 7)
    case .play: #expect(options.playSpeed == 7)
    case .present: #expect(options.present)
    case .asOf: #expect(options.asOf?.description == "2025-12-01")
    }
  }
}
