/// How big a scenario may be. Every participant costs a signature and every step some work, so a
/// 6 MB file of 100,000 participants ran 151 s before anything said why; these limits make the
/// work proportional to what a real stage can hold, and say so at once.
public enum ScenarioLimits {
  /// The stage holds 12 publishers + 10,000 subscribers at once (`Stage.publisherLimit`,
  /// `Stage.subscriberLimit`); a scenario may declare a fifth more, 12,000, for people who leave
  /// and others who come after them (docs/SECURITY.md).
  public static let maximumParticipants = 12_000
  /// Steps: ten times an imported 1,000-participant, 500-turn session (about 100,000 steps).
  public static let maximumSteps = 1_000_000

  /// Refuses a scenario over either limit, naming the array and the limit.
  static func check(participants: Int, steps: Int, file: String) throws(ScenarioError) {
    if participants > maximumParticipants {
      throw ScenarioError(
        file: file, location: "participants",
        message: "\(participants) participants; a scenario holds at most \(maximumParticipants) "
          + "(a stage's \(Stage.publisherLimit) publishers + \(Stage.subscriberLimit) "
          + "subscribers, and a fifth more for people who leave and join later)")
    }
    if steps > maximumSteps {
      throw ScenarioError(
        file: file, location: "steps",
        message: "\(steps) steps; a scenario holds at most \(maximumSteps)")
    }
  }
}
