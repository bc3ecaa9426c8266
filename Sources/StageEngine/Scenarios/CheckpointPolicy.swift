/// Which time-travel checkpoints a UI session keeps, so that memory stays bounded on a long
/// session while going back one step costs no replay at all. Every one of the last
/// `denseSteps` steps has a checkpoint; further back, the spacing doubles each time the
/// distance doubles (a checkpoint every 2 steps, then every 4, 8, …), and the start is always
/// kept. A session of N steps keeps at most `bound(steps: N)` checkpoints (the dense ones,
/// `denseSteps / 2 + 1` per doubling of the distance, and the start), and travelling D steps
/// back replays fewer than `2 × D / denseSteps` steps.
public enum CheckpointPolicy {
  /// The newest steps that each keep a checkpoint.
  public static let denseSteps = 8

  /// Whether the checkpoint taken before step `step` is kept once the newest one is `newest`.
  /// A checkpoint dropped once is never wanted again: the spacing only grows with the distance.
  static func keeps(_ step: Int, newest: Int) -> Bool {
    let bands = (newest - step) / denseSteps
    guard bands > 0 else { return true }
    let spacingBits = Int.bitWidth - bands.leadingZeroBitCount
    guard spacingBits < Int.bitWidth - 1 else { return step == 0 }
    return step % (1 << spacingBits) == 0
  }

  /// The most checkpoints kept at or before the newest one after `steps` steps (the bound the
  /// benchmark and tests hold the runner to).
  public static func bound(steps: Int) -> Int {
    let bands = max(1, steps / denseSteps)
    let doublings = Int.bitWidth - bands.leadingZeroBitCount
    return denseSteps + (denseSteps / 2 + 1) * doublings + 1
  }
}
