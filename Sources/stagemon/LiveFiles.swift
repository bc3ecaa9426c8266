import Foundation
import Glibc
import InputKit

/// The folder a fetch writes into (its files go through `SafeFile`).
enum LiveFiles {
  /// Makes `path` a directory for one session's files: created when missing; refused when it
  /// holds anything but an earlier fetch of the same session, so files of two sessions never mix.
  static func prepareFolder(_ path: String, sessionId: String) throws {
    var status = stat()
    if lstat(path, &status) != 0 {
      guard mkdir(path, 0o755) == 0 else {
        throw InputError("cannot create \(path): \(SystemError.current)")
      }
      return
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw InputError("\(path) exists and is not a folder")
    }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    guard !entries.isEmpty else { return }
    let manifestSession = FetchedFolder.manifestSession(in: path)
    guard manifestSession == sessionId else {
      throw InputError(
        "\(path) already holds "
          + (manifestSession.map { "session \($0)" } ?? "other files")
          + ": give an empty or new folder with --out, so two sessions never mix")
    }
  }
}
