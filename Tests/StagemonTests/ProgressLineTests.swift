import Testing

@testable import stagemon

/// The progress line appears only on a terminal, only after a second, at most ten times a
/// second, and is erased at the end.
@Suite struct ProgressLineTests {
  final class Recorder: @unchecked Sendable {
    var time: Duration = .zero
    var written: [String] = []
  }

  static func line(_ recorder: Recorder, terminal: Bool = true) -> ProgressLine {
    ProgressLine(
      label: "big\u{1B}.json", isTerminal: terminal, now: { recorder.time },
      write: { recorder.written.append($0) })
  }

  @Test func aRunOverASecondShowsItsStepsThenErasesThem() {
    let recorder = Recorder()
    let progress = Self.line(recorder)
    progress.update(done: 1, of: 400)
    recorder.time = .milliseconds(999)
    progress.update(done: 2, of: 400)
    #expect(recorder.written.isEmpty)
    recorder.time = .seconds(1)
    progress.update(done: 100, of: 400)
    recorder.time = .milliseconds(1_050)
    progress.update(done: 101, of: 400)
    recorder.time = .milliseconds(1_100)
    progress.update(done: 200, of: 400)
    progress.finish()
    #expect(
      recorder.written == [
        "\r\u{1B}[Kbig\\x1b.json: step 100 of 400 (25 %)",
        "\r\u{1B}[Kbig\\x1b.json: step 200 of 400 (50 %)", "\r\u{1B}[K",
      ])
  }

  @Test func nothingIsWrittenOffATerminalOrForAShortRun() {
    let recorder = Recorder()
    let progress = Self.line(recorder, terminal: false)
    recorder.time = .seconds(5)
    progress.update(done: 1, of: 2)
    progress.announce("signing")
    progress.finish()
    let short = Self.line(recorder)
    short.update(done: 1, of: 2)
    short.finish()
    #expect(recorder.written.isEmpty)
  }
}
