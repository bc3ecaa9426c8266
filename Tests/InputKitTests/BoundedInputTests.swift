import Foundation
import Glibc
import Testing

@testable import InputKit

/// The one reader: pipes, process substitution and FIFOs are read as streams, devices stop at the
/// cap, and a FIFO nobody writes to ends with a message instead of hanging.
@Suite struct BoundedInputTests {
  let folder: String = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("bounded-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  @Test func aFIFOWithoutAWriterEndsWithAMessage() throws {
    let fifo = folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let start = Date()
    #expect(throws: InputFileError(path: fifo, problem: .noWriter(milliseconds: 200))) {
      _ = try BoundedInput.bytes(atPath: fifo, limit: 1024, writerWait: 200)
    }
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(
      InputFileError(path: fifo, problem: .noWriter(milliseconds: 2000)).reason
        == "a FIFO that no program wrote to within 2.0 s")
  }

  @Test func aFIFOIsReadToItsEndWhenAWriterComes() throws {
    let fifo = folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      usleep(50_000)
      let fd = open(fifo, O_WRONLY)
      guard fd >= 0 else { return }
      for _ in 0..<3 {
        _ = "chunk\n".withCString { Glibc.write(fd, $0, 6) }
        usleep(20_000)
      }
      close(fd)
    }
    writer.start()
    let bytes = try BoundedInput.bytes(atPath: fifo, limit: 1024, writerWait: 5_000)
    #expect(String(decoding: bytes, as: UTF8.self) == "chunk\nchunk\nchunk\n")
  }

  @Test func aPipeNamedByDevFdIsReadLikeProcessSubstitution() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    defer { close(readEnd) }
    let writer = Thread {
      usleep(100_000)  // a slow `aws …`: nothing for a while, then the output
      _ = "{\"events\":[]}".withCString { Glibc.write(writeEnd, $0, 13) }
      close(writeEnd)
    }
    writer.start()
    let text = try BoundedInput.text(atPath: "/dev/fd/\(readEnd)", limit: 1024)
    #expect(text == "{\"events\":[]}")
  }

  @Test func devicesStopAtTheCapOrTheirFirstNUL() {
    #expect(throws: InputFileError(path: "/dev/zero", problem: .notText(offset: 0))) {
      _ = try BoundedInput.bytes(atPath: "/dev/zero", limit: 2 << 30)
    }
    #expect(throws: InputFileError(path: "/dev/null", problem: .empty)) {
      _ = try BoundedInput.bytes(atPath: "/dev/null", limit: 10)
    }
  }

  /// Records PowerShell wrote are UTF-16: read in chunks when allowed, while `/dev/zero`
  /// is still refused at its first byte and any other input at its first NUL.
  @Test func utf16IsReadInChunksOnlyWhenAllowed() throws {
    let path = folder + "/utf16.json"
    let bytes: [UInt8] = [0xFF, 0xFE] + "{}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    let chunks = try BoundedInput.Chunks(atPath: path, limit: 1024, allowingUTF16: true)
    var read: [UInt8] = []
    while let chunk = try chunks.next() { read += chunk }
    #expect(read == bytes)
    #expect(throws: InputFileError(path: path, problem: .notText(offset: 3))) {
      _ = try BoundedInput.bytes(atPath: path, limit: 1024)
    }
    #expect(throws: InputFileError(path: "/dev/zero", problem: .notText(offset: 0))) {
      _ = try BoundedInput.Chunks(atPath: "/dev/zero", limit: 1024, allowingUTF16: true).readAll()
    }
  }

  @Test func aPipeLargerThanTheCapIsRefused() throws {
    signal(SIGPIPE, SIG_IGN)  // the writer outlives the reader that gave up
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    defer { close(readEnd) }
    let writer = Thread {
      let block = [UInt8](repeating: 0x41, count: 4096)
      for _ in 0..<64
      where block.withUnsafeBytes({ Glibc.write(writeEnd, $0.baseAddress, 4096) }) > 0 {}
      close(writeEnd)
    }
    writer.start()
    #expect(throws: InputFileError(path: "/dev/fd/\(readEnd)", problem: .tooLarge(limit: 10_000))) {
      _ = try BoundedInput.bytes(atPath: "/dev/fd/\(readEnd)", limit: 10_000)
    }
  }

  @Test func aRegularFileOverTheCapIsRefusedBeforeReading() throws {
    let path = folder + "/big"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, 1 << 30) == 0)
    #expect(throws: InputFileError(path: path, problem: .tooLarge(limit: 1 << 20))) {
      _ = try BoundedInput.bytes(atPath: path, limit: 1 << 20)
    }
  }

  @Test func pathsInMessagesAreShownSafely() {
    let error = InputFileError(path: "evil\u{1B}]0;title\u{7}", problem: .noSuchFile)
    #expect(error.description == "evil\\x1b]0;title\\x07: no such file")
  }
}
