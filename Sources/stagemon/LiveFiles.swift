import Foundation
import Glibc
import InputKit

/// The folder a fetch writes into (filled out of sight by `PendingFolder`, then renamed into
/// place).
enum LiveFiles {
  /// Whether a fetch of `sessionId` may be put at `path`: nothing there, an empty folder, or
  /// an earlier fetch of the same session (then true: it is replaced); anything else is
  /// refused, so files of two sessions never mix.
  static func checkFolder(_ path: String, sessionId: String) throws -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0 else { return false }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw InputError("\(path) exists and is not a folder")
    }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    guard !entries.isEmpty else { return false }
    let manifestSession = FetchedFolder.manifestSession(in: path)
    guard manifestSession == sessionId else {
      throw InputError(
        "\(path) already holds "
          + (manifestSession.map { "session \($0)" } ?? "other files")
          + ": give an empty or new folder with --out, so two sessions never mix")
    }
    return true
  }
}
