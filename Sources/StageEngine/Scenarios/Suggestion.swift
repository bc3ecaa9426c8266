/// "Did you mean …?" hints for misspelt keys, verbs and participant IDs, so a
/// scenario author sees the fix in the error message instead of a list of rules.
enum Suggestion {
  /// Words longer than this get no suggestion: no key, verb or participant ID is, and the edit
  /// distance costs the product of the lengths.
  static let maximumWordLength = 64

  /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
  /// Bounded work: long words are skipped, and so is every candidate whose length alone puts it
  /// out of reach.
  static func closest(to word: String, in candidates: [String]) -> String? {
    let lowered = Array(word.lowercased().utf8)
    guard lowered.count <= maximumWordLength else { return nil }
    let reach = max(1, min(3, word.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where abs(candidate.utf8.count - lowered.count) <= reach {
      let distance = editDistance(lowered, Array(candidate.lowercased().utf8))
      if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best, best.distance <= reach else { return nil }
    return best.candidate
  }

  /// `" (did you mean \"x\"?)"` or an empty string.
  static func hint(for word: String, in candidates: [String]) -> String {
    guard let match = closest(to: word, in: candidates) else { return "" }
    return " (did you mean \"\(match)\"?)"
  }

  /// Optimal-string-alignment distance: insertions, deletions, substitutions and
  /// adjacent transpositions ("jion" → "join") each cost 1.
  private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, rows[i - 2][j - 2] + 1)
        }
        rows[i][j] = best
      }
    }
    return rows[a.count][b.count]
  }
}
