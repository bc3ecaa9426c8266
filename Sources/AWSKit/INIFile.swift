import InputKit

/// The AWS CLI's INI dialect, read as Python's `configparser` (botocore's reader) reads it:
/// `[section]` headers, `key = value` or `key: value` options with the key lower-cased, whole
/// lines starting with `#` or `;` as comments (a `#` later on a line is part of the value), and
/// indented lines continuing the value above them (botocore reads such a value, e.g. `s3 =`
/// and its indented settings, as nested keys). A missing or empty file has no sections.
enum INIFile {
  /// One section: its name as written between the brackets, and its options.
  struct Section: Sendable, Equatable {
    var name: String
    var options: [String: String]
  }

  /// The sections of the file at `path`, in the order written (a section written twice is
  /// one, at its first place, with the later values).
  static func sections(atPath path: String, limit: Int) throws(CredentialError) -> [Section] {
    let text: String
    do {
      text = try BoundedInput.text(atPath: path, limit: limit)
    } catch {
      if error.problem == .noSuchFile || error.problem == .empty { return [] }
      throw .unreadableFile(path: path, reason: error.reason)
    }
    return parse(text)
  }

  /// The sections of `text`.
  static func parse(_ text: String) -> [Section] {
    var sections: [Section] = []
    var current: Int?
    var lastKey: String?
    for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
      let line = rawLine.trimmingSpaces
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      let indented = rawLine.first == " " || rawLine.first == "\t"
      if indented, let index = current, let key = lastKey {
        sections[index].options[key, default: ""] += "\n" + line
        continue
      }
      if line.hasPrefix("["), let close = line.lastIndex(of: "]") {
        let name = String(line[line.index(after: line.startIndex)..<close])
        lastKey = nil
        if let existing = sections.firstIndex(where: { $0.name == name }) {
          current = existing
        } else {
          sections.append(Section(name: name, options: [:]))
          current = sections.count - 1
        }
        continue
      }
      guard let index = current, let delimiter = line.firstIndex(where: { $0 == "=" || $0 == ":" })
      else {
        lastKey = nil
        continue
      }
      let key = String(line[..<delimiter]).trimmingSpaces.lowercased()
      guard !key.isEmpty else { continue }
      sections[index].options[key] = String(line[line.index(after: delimiter)...]).trimmingSpaces
      lastKey = key
    }
    return sections
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var slice = Substring(self)
    while let first = slice.first, first == " " || first == "\t" || first == "\r" {
      slice = slice.dropFirst()
    }
    while let last = slice.last, last == " " || last == "\t" || last == "\r" {
      slice = slice.dropLast()
    }
    return String(slice)
  }
}
