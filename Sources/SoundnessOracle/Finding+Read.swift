import Foundation
import IVSRecords
import InputKit

extension Finding {
  /// The record files of the finding folder at `path` (its `.json` files, in name order),
  /// read as `stagemon explain` reads a folder: through the one bounded reader (UTF-16 allowed,
  /// as records PowerShell wrote are), and with a message that names the path when it is no
  /// folder, never an error domain.
  public static func records(inFolder path: String) throws -> [(name: String, bytes: [UInt8])] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
    else { throw NotAFolder(path: path, exists: BoundedInput.exists(path)) }
    return try RecordFolder.expanded([path]).filter { $0.hasSuffix(".json") }.map { file in
      (
        PathName.name(of: file),
        try BoundedInput.Chunks(
          atPath: file, limit: BoundedInput.Limit.records, allowingUTF16: true
        ).readAll()
      )
    }
  }

  /// A finding's path that names no folder.
  public struct NotAFolder: Error, CustomStringConvertible {
    let path: String
    let exists: Bool

    /// The path and what to name instead.
    public var description: String {
      "\(path): \(exists ? "not a folder" : "no such folder"); name a finding's folder (its"
        + " record files beside FINDING.md)"
    }
  }
}
