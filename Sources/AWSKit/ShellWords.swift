/// Splits a command line into words as a POSIX shell would for quotes and backslashes (no
/// variables or globbing), as botocore splits `credential_process`.
enum ShellWords {
  static func split(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        word.append(character)
        escaped = false
        continue
      }
      if character == "\\", quote != "'" {
        escaped = true
        inWord = true
        continue
      }
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
        continue
      }
      if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
