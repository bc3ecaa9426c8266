/// Who each file of records names (its events' participants and remote participants), so
/// that a file naming nobody any other record names — one sign of another session's file
/// (`RecordFolder.unlisted`, `RecordFolder.unwatched`) — is told in one pass over the events,
/// in time linear in them however many files there are.
struct FileNames {
  /// Each file's names.
  let byFile: [String: Set<String>]
  /// Per name, how many files name it.
  private let files: [String: Int]

  init(_ records: borrowing RecordSet) {
    var byFile: [String: Set<String>] = [:]
    // By position: iterating would copy every event.
    for index in records.events.indices {
      let event = records.events[index]
      byFile[event.place.file, default: []].insert(event.participantId)
      if let remote = event.remoteParticipantId {
        byFile[event.place.file, default: []].insert(remote)
      }
    }
    var files: [String: Int] = [:]
    for names in byFile.values {
      for name in names { files[name, default: 0] += 1 }
    }
    self.byFile = byFile
    self.files = files
  }

  /// Whether `file` names only participants no other file and no get-participant names.
  func namesNobodyElse(_ file: String, _ records: borrowing RecordSet) -> Bool {
    guard let names = byFile[file] else { return false }
    return names.allSatisfy { files[$0] == 1 && records.participants[$0] == nil }
  }
}
