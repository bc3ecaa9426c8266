import Foundation
import Glibc
import Testing

@testable import InputKit

/// The one writer: a file appears whole or not at all, never through a link, never over a file
/// nobody asked to replace or over the command's own input, and a failure leaves nothing behind.
@Suite struct SafeFileTests {
  let folder: String = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("safefile-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Files in the folder, so a test can see no temporary file was left.
  func listing() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test func aNewFileIsWrittenWhole() throws {
    let path = folder + "/out.txt"
    try SafeFile.write("hello\n", to: path)
    #expect(contents(path) == "hello\n")
    #expect(listing() == ["out.txt"])
  }

  @Test func anExistingFileIsReplacedOnlyWhenAsked() throws {
    let path = folder + "/out.txt"
    try SafeFile.write("old", to: path)
    #expect(throws: SafeFileError(path: path, problem: .exists)) {
      try SafeFile.write("new", to: path)
    }
    #expect(contents(path) == "old")
    try SafeFile.write("new", to: path, replacing: true)
    #expect(contents(path) == "new")
    #expect(listing() == ["out.txt"])
  }

  @Test func aSymbolicLinkIsNeverFollowed() throws {
    let target = folder + "/target"
    try SafeFile.write("keep", to: target)
    let link = folder + "/link"
    #expect(symlink(target, link) == 0)
    for replacing in [false, true] {
      #expect(throws: SafeFileError(path: link, problem: .symbolicLink)) {
        try SafeFile.write("evil", to: link, replacing: replacing)
      }
    }
    let dangling = folder + "/dangling"
    #expect(symlink(folder + "/nowhere", dangling) == 0)
    #expect(throws: SafeFileError(path: dangling, problem: .symbolicLink)) {
      try SafeFile.write("evil", to: dangling)
    }
    #expect(contents(target) == "keep")
    #expect(!BoundedInput.exists(folder + "/nowhere"))
  }

  @Test func anInputOfTheCommandIsNeverOverwritten() throws {
    let input = folder + "/scenario.json"
    try SafeFile.write("{}", to: input)
    #expect(throws: SafeFileError(path: input, problem: .isInput)) {
      try SafeFile.write("[]", to: input, replacing: true, sparing: [folder + "/./scenario.json"])
    }
    #expect(contents(input) == "{}")
  }

  @Test func tokenAndKeyFilesArePrivate() throws {
    let path = folder + "/key.pem"
    try SafeFile.write("secret", to: path, mode: SafeFile.privateMode)
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
  }

  @Test func aFolderThatCannotBeWrittenLeavesNothing() throws {
    let calls = SystemCalls(
      open: { _, _, _ in
        errno = EROFS
        return -1
      }, write: SystemCalls.live.write, fsync: SystemCalls.live.fsync)
    #expect(throws: SafeFileError(path: folder + "/x", problem: .system(SystemError(code: EROFS))))
    {
      _ = try PendingFile(
        path: folder + "/x", replacing: false, mode: 0o644, sparing: [], system: calls)
    }
    #expect(listing().isEmpty)
    let readOnly = folder + "/ro"
    #expect(mkdir(readOnly, 0o500) == 0)
    if geteuid() != 0 {
      #expect(
        throws: SafeFileError(path: readOnly + "/x", problem: .system(SystemError(code: EACCES)))
      ) {
        try SafeFile.write("x", to: readOnly + "/x")
      }
    }
  }

  @Test(arguments: [ENOSPC, EIO, EFBIG])
  func aFullDiskRemovesTheTemporaryFileAndKeepsTheOldOne(code: Int32) throws {
    let path = folder + "/out.jsonl"
    try SafeFile.write("old", to: path)
    let calls = SystemCalls(
      open: SystemCalls.live.open,
      write: { fd, bytes, count in
        // Half the first write lands, then the disk is full.
        count > 4
          ? Glibc.write(fd, bytes, count / 2)
          : {
            errno = code
            return -1
          }()
      }, fsync: SystemCalls.live.fsync)
    let file = try PendingFile(path: path, replacing: true, mode: 0o644, sparing: [], system: calls)
    #expect(throws: SafeFileError(path: path, problem: .system(SystemError(code: code)))) {
      try file.write(Array(repeating: 0x61, count: 4096))
    }
    #expect(contents(path) == "old")
    #expect(listing() == ["out.jsonl"])
  }

  @Test func aFailedFsyncCommitsNothing() throws {
    let path = folder + "/out"
    let calls = SystemCalls(
      open: SystemCalls.live.open, write: SystemCalls.live.write,
      fsync: { _ in
        errno = EIO
        return -1
      })
    let file = try PendingFile(
      path: path, replacing: false, mode: 0o644, sparing: [], system: calls)
    try file.write("data")
    #expect(throws: SafeFileError(path: path, problem: .system(SystemError(code: EIO)))) {
      try file.commit()
    }
    #expect(listing().isEmpty)
  }

  @Test func shortWritesAreContinued() throws {
    let path = folder + "/out"
    let calls = SystemCalls(
      open: SystemCalls.live.open,
      write: { fd, bytes, count in Glibc.write(fd, bytes, min(count, 3)) },
      fsync: SystemCalls.live.fsync)
    let file = try PendingFile(
      path: path, replacing: false, mode: 0o644, sparing: [], system: calls)
    try file.write("a longer line than three bytes")
    try file.commit()
    #expect(contents(path) == "a longer line than three bytes")
  }

  @Test func anAbandonedFileLeavesNothing() throws {
    do {
      let file = try PendingFile(path: folder + "/never")
      try file.write("partial")
    }
    #expect(listing().isEmpty)
  }

  @Test func aFileCreatedMeanwhileIsNotReplaced() throws {
    let path = folder + "/race"
    let file = try PendingFile(path: path)
    try file.write("mine")
    try SafeFile.write("theirs", to: path)
    #expect(throws: SafeFileError(path: path, problem: .exists)) { try file.commit() }
    #expect(contents(path) == "theirs")
    #expect(listing() == ["race"])
  }

  @Test func temporaryNamesAreUnpredictableAndBesideTheDestination() {
    let first = SafeFile.temporaryPath(for: "dir/out.ans")
    let second = SafeFile.temporaryPath(for: "dir/out.ans")
    #expect(first != second)
    #expect(first.hasPrefix("dir/.out.ans.") && first.hasSuffix(".tmp"))
    #expect(SafeFile.temporaryPath(for: "bare").hasPrefix(".bare."))
  }
}
