import Foundation
import Glibc

/// How the live commands write files: whole or not at all, never through a symbolic link —
/// a temporary file opened `O_EXCL|O_NOFOLLOW` beside the target, written in full, synced,
/// then renamed over it. One function, to be replaced by InputKit's `SafeFile` when it lands.
enum LiveFiles {
  static func write(_ text: String, to path: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let temporary =
      (directory.isEmpty ? "" : directory + "/")
      + ".\(name).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw InputError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        let reason = String(cString: strerror(errno))
        close(fd)
        unlink(temporary)
        throw InputError("cannot write \(path): \(reason)")
      }
      bytes = bytes.dropFirst(written)
    }
    let synced = fsync(fd) == 0
    close(fd)
    guard synced, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw InputError("cannot write \(path): \(reason)")
    }
  }

  /// Makes `path` a directory for one session's files: created when missing; refused when it
  /// holds anything but an earlier fetch of the same session, so files of two sessions never mix.
  static func prepareFolder(_ path: String, sessionId: String) throws {
    var status = stat()
    if lstat(path, &status) != 0 {
      guard mkdir(path, 0o755) == 0 else {
        throw InputError("cannot create \(path): \(String(cString: strerror(errno)))")
      }
      return
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw InputError("\(path) exists and is not a folder")
    }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    guard !entries.isEmpty else { return }
    let manifest = FetchedFolder.manifest(in: path)
    guard manifest?.sessionId == sessionId else {
      throw InputError(
        "\(path) already holds "
          + (manifest.map { "session \($0.sessionId)" } ?? "other files")
          + ": give an empty or new folder with --out, so two sessions never mix")
    }
  }
}
