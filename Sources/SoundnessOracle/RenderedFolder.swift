import JSONKit

/// A generated folder of records as a customer sends it, kept as documents (not bytes) so a
/// degrader can drop pages and events and a minimiser can cut it down; each file's `bytes`
/// are written in its encoding. (Not `IVSRecords.RecordFolder`, which reads a folder on disk.)
public struct RenderedFolder: Sendable {
  /// One file of the folder.
  public struct File: Sendable {
    /// What AWS command (or export) made it.
    public enum Kind: String, Sendable {
      /// A list-participant-events page.
      case events
      /// get-participant.
      case participant
      /// list-participants.
      case participants
      /// get-stage-session.
      case stageSession
      /// get-composition.
      case composition
      /// An EventBridge export.
      case eventBridge
    }

    /// How its bytes are written.
    public enum Encoding: String, Sendable {
      /// UTF-8, LF line ends.
      case utf8
      /// UTF-8, CRLF line ends (saved on Windows).
      case crlf
      /// UTF-8 after a byte-order mark.
      case bom
      /// UTF-16, little-endian, after its byte-order mark (PowerShell's `>`).
      case utf16LE
    }

    /// Its name in the folder.
    public var name: String
    /// What made it.
    public var kind: Kind
    /// Its document.
    public var json: JSON
    /// How it is written.
    public var encoding: Encoding = .utf8

    /// The events it carries (a page's `events`, an EventBridge export's deliveries).
    public var eventCount: Int {
      switch kind {
      case .events: json["events"]?.arrayValue?.count ?? 0
      case .eventBridge: json.arrayValue?.count ?? 0
      default: 0
      }
    }

    /// The file without its event at `index`.
    func droppingEvent(_ index: Int) -> File {
      var copy = self
      switch kind {
      case .events:
        var events = json["events"]?.arrayValue ?? []
        guard events.indices.contains(index) else { return self }
        events.remove(at: index)
        copy.json = json.setting("events", to: .array(events))
      case .eventBridge:
        var events = json.arrayValue ?? []
        guard events.indices.contains(index) else { return self }
        events.remove(at: index)
        copy.json = .array(events)
      default: break
      }
      return copy
    }

    /// The file's bytes as its encoding writes them.
    public var bytes: [UInt8] {
      let text = JSONWriter.pretty(json) + "\n"
      switch encoding {
      case .utf8: return Array(text.utf8)
      case .crlf: return Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
      case .bom: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
      case .utf16LE:
        var out: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { out += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        return out
      }
    }
  }

  /// The files, in the order a folder listing gives them (by name).
  public var files: [File]

  /// A folder of `files`, sorted by name as `stagemon explain FOLDER` reads them.
  public init(files: [File]) {
    self.files = files.sorted { $0.name < $1.name }
  }
}
