/// How far a streamed window (`JSONStream`) reserves room when a value outgrows it. An array
/// grows by allocating anew and copying, so while it grows its old bytes and their copy are
/// both in memory: doubling a window that holds most of a 512 MB string costs 1 GB at that
/// moment (issue 32 item 13). With the input's size known, a growth that would hold more than
/// 5/8 of what the window can still come to hold goes straight to all of it, so no later
/// growth copies more than 5/8 of it: the window's peak, copy included, is at most 1.25 times
/// the input.
enum WindowGrowth {
  /// The capacity to reserve for a window of `held` bytes to be read on to `target`, a chunk
  /// (at most `chunk` bytes) at a time, when the source has at most `unread` bytes left (nil:
  /// unknown, as for a pipe).
  static func capacity(target: Int, held: Int, unread: Int?, chunk: Int) -> Int {
    let (ahead, overflow) = target.addingReportingOverflow(chunk)
    guard !overflow else { return target }
    guard let unread else { return ahead }
    let whole = unread > Int.max - held ? Int.max : held + unread
    // ahead > 5/8 of whole, without multiplying.
    return ahead / 5 > whole / 8 ? whole : ahead
  }
}
