import Foundation
import Testing

@testable import InputKit

@Suite struct WriteLoopTests {
  /// A fake `write(2)` that takes at most `step` bytes a call and answers `EINTR` every third
  /// call, recording what it was given.
  final class ShortWrites: @unchecked Sendable {
    var received: [UInt8] = []
    var calls = 0
    let step: Int
    init(step: Int) { self.step = step }

    func write(_ fd: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
      calls += 1
      if calls % 3 == 0 {
        errno = EINTR
        return -1
      }
      let taken = min(step, count)
      received += UnsafeRawBufferPointer(start: base, count: taken)
      return taken
    }
  }

  @Test(arguments: [1, 7, 4096])
  func shortAndInterruptedWritesGoOnUntilEveryByteIsWritten(step: Int) throws {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0) }
    let fake = ShortWrites(step: step)
    try Self.write(bytes, calling: fake.write)
    #expect(fake.received == bytes)
  }

  @Test func aWriteThatTakesNothingIsAnErrorNotAnEndlessLoop() {
    var calls = 0
    #expect(throws: SystemError(code: EIO)) {
      try Self.write(Array("abc".utf8)) { _, _, _ in
        calls += 1
        return 0
      }
    }
    #expect(calls == 1)
  }

  @Test func aFailedWriteThrowsItsErrno() {
    #expect(throws: SystemError(code: ENOSPC)) {
      try Self.write(Array("abc".utf8)) { _, _, _ in
        errno = ENOSPC
        return -1
      }
    }
  }

  @Test func aClosedPipeIsABrokenPipe() throws {
    signal(SIGPIPE, SIG_IGN)  // as `Console.prepare` does: a closed pipe is an error, not a death
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    close(ends[0])
    #expect(throws: SystemError(code: EPIPE)) { try WriteLoop.write([1, 2, 3], to: ends[1]) }
    close(ends[1])
    #expect(SystemError(code: EPIPE).isBrokenPipe)
  }

  /// `WriteLoop.write(_:to:calling:)` of `bytes` to descriptor 1 through `system`.
  static func write(_ bytes: [UInt8], calling system: (Int32, UnsafeRawPointer, Int) -> Int)
    throws(SystemError)
  {
    let failure = bytes.withUnsafeBytes { buffer -> SystemError? in
      do throws(SystemError) {
        try WriteLoop.write(buffer, to: 1, calling: system)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }
}
