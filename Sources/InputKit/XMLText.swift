/// Text inside the XML stagemon writes (SVG screenshots, swimlanes, JUnit reports), which must
/// stay well-formed whatever a record or scenario held: XML 1.0 allows neither most C0 controls
/// nor U+FFFE/U+FFFF, so those become U+FFFD, and markup characters become entities. The one
/// XML escape: every writer of XML calls it.
public enum XMLText {
  /// Where the escaped text goes.
  public enum Place: Sendable {
    /// Between tags, or an attribute that holds no tab or line break.
    case content
    /// An attribute value whose tabs and line breaks must survive: a reader normalises them
    /// to spaces unless they are written as character references (`&#10;`).
    case attribute
  }

  /// Whether XML 1.0 allows `scalar` in a document (tab, newline, CR, U+0020–U+D7FF,
  /// U+E000–U+FFFD, U+10000 and above).
  public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }

  /// `text` safe inside an XML element or a double-quoted attribute (`place`).
  public static func escaped(_ text: String, for place: Place = .content) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\t", "\n", "\r":
        if place == .attribute {
          out += "&#\(scalar.value);"
        } else {
          out.unicodeScalars.append(scalar)
        }
      default: out.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return out
  }
}
