import JSONKit
import Seeded

/// How a customer's folder falls short of the whole session, each as it really happens: a
/// page or a participant's events not sent, no get-participant or get-stage-session, a file
/// of another session added, SDK versions left unstated, events out of order, and files
/// saved with CRLF line ends, a byte-order mark or as UTF-16.
public enum Degradation: String, Sendable, CaseIterable {
  /// One list-participant-events page left out.
  case dropPage
  /// Every page of one participant left out.
  case dropParticipantEvents
  /// get-participant of one or all participants (and list-participants) left out.
  case dropGetParticipant
  /// get-stage-session left out.
  case dropStageSession
  /// A page of another session of the same stage added.
  case otherSessionFile
  /// `sdkVersion` emptied in most get-participant files.
  case unstatedSDKs
  /// Pages oldest first, EventBridge deliveries shuffled.
  case reorder
  /// Some files saved with CRLF line ends.
  case crlf
  /// Some files saved with a UTF-8 byte-order mark.
  case bom
  /// Some files saved as UTF-16.
  case utf16
}

/// Applies degradations to a rendered folder, drawn from the session's seed.
public enum Degrader {
  /// `folder` degraded in up to three random ways (none in about a fifth of sessions), and
  /// which.
  public static func degrade(
    _ folder: RenderedFolder, session: GeneratedSession, other: () -> RenderedFolder?
  ) -> (folder: RenderedFolder, applied: [Degradation]) {
    var random = SeededRandom(seed: session.seed ^ 0xDE64_ADE0_0000_0002)
    guard random.chance(80) else { return (folder, []) }
    var chosen: [Degradation] = []
    for _ in 0..<random.int(1...3) {
      if let pick = random.pick(Degradation.allCases), !chosen.contains(pick) {
        chosen.append(pick)
      }
    }
    var files = folder.files
    for degradation in chosen {
      apply(degradation, to: &files, &random, other: other)
    }
    return (RenderedFolder(files: files), chosen)
  }

  private static func apply(
    _ degradation: Degradation, to files: inout [RenderedFolder.File], _ random: inout SeededRandom,
    other: () -> RenderedFolder?
  ) {
    let pages = files.indices.filter { files[$0].kind == .events }
    switch degradation {
    case .dropPage:
      if let index = random.pick(pages) { files.remove(at: index) }
    case .dropParticipantEvents:
      guard let index = random.pick(pages) else { return }
      let id = files[index].name.split(separator: ".").first.map(String.init) ?? ""
      files.removeAll { $0.kind == .events && $0.name.hasPrefix(id + ".") }
    case .dropGetParticipant:
      if random.chance(50) {
        files.removeAll { $0.kind == .participant || $0.kind == .participants }
      } else if let index = random.pick(files.indices.filter { files[$0].kind == .participant }) {
        files.remove(at: index)
      }
    case .dropStageSession:
      files.removeAll { $0.kind == .stageSession }
    case .otherSessionFile:
      guard let page = other()?.files.first(where: { $0.kind == .events }) else { return }
      var copy = page
      copy.name = "other-" + page.name
      files.append(copy)
    case .unstatedSDKs:
      for index in files.indices where files[index].kind == .participant && random.chance(70) {
        guard let participant = files[index].json["participant"] else { continue }
        files[index].json = files[index].json.setting(
          "participant", to: participant.setting("sdkVersion", to: .string("")))
      }
    case .reorder:
      for index in pages where random.chance(50) {
        let events = files[index].json["events"]?.arrayValue ?? []
        files[index].json = files[index].json.setting("events", to: .array(events.reversed()))
      }
      for index in files.indices where files[index].kind == .eventBridge {
        files[index].json = .array((files[index].json.arrayValue ?? []).shuffled(using: &random))
      }
    case .crlf: encode(&files, .crlf, &random)
    case .bom: encode(&files, .bom, &random)
    case .utf16: encode(&files, .utf16LE, &random)
    }
  }

  private static func encode(
    _ files: inout [RenderedFolder.File], _ encoding: RenderedFolder.File.Encoding,
    _ random: inout SeededRandom
  ) {
    for index in files.indices where random.chance(40) { files[index].encoding = encoding }
  }
}
