import Foundation
import IVSLive
import InputKit
import JSONKit

/// A folder `fetch` wrote (or any folder of records): its `*.json` files, the manifest among
/// them recognised and kept apart, so `explain DIR` and `import DIR` read one session.
enum FetchedFolder {
  /// What a manifest says about the folder.
  struct Summary {
    let stageArn: String
    let sessionId: String
    let complete: Bool
    let problems: [String]
  }

  /// Whether `path` is a directory.
  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The record files in `folder`: every `*.json` but the manifest, sorted by name.
  static func recordFiles(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter {
      $0.hasSuffix(".json") && $0 != FetchManifest.fileName && !$0.hasPrefix(".")
    }
    .sorted().map { (folder as NSString).appendingPathComponent($0) }
  }

  /// The folder's manifest, nil when it has none (or not one `fetch` wrote).
  static func manifest(in folder: String) -> Summary? {
    let path = (folder as NSString).appendingPathComponent(FetchManifest.fileName)
    guard let bytes = try? InputFile.bytes(atPath: path, limit: 1 << 20),
      let json = try? JSONParser.parse(bytes: bytes), FetchManifest.isManifest(json),
      let stage = json["stageArn"]?.stringValue, let session = json["sessionId"]?.stringValue
    else { return nil }
    return Summary(
      stageArn: stage, sessionId: session, complete: json["complete"]?.boolValue ?? false,
      problems: json["problems"]?.arrayValue?.compactMap(\.stringValue) ?? [])
  }
}
