import Foundation
import IVSLive
import InputKit
import JSONKit

/// What the manifest of a folder `fetch` wrote says, so a second fetch into it can tell an
/// earlier fetch of the same session (replaced) from anything else (refused).
enum FetchedFolder {
  /// The session of the folder's manifest, nil when it has none (or not one `fetch` wrote).
  static func manifestSession(in folder: String) -> String? {
    let path = PathName.join(folder, FetchManifest.fileName)
    guard let bytes = try? BoundedInput.bytes(atPath: path, limit: 1 << 20),
      let json = try? JSONParser.parse(bytes: bytes), FetchManifest.isManifest(json)
    else { return nil }
    return json["sessionId"]?.stringValue
  }
}
