import Seeded
import Testing

@testable import IVSRecords

/// The viewers' SDK mix from a random sample is honest: its 95 % intervals cover the true
/// share about 95 % of the time, a sample of everyone has no margin, and the groups are the
/// rule book's (who has the metadata event).
@Suite struct ViewerSDKMixTests {
  @Test(arguments: [(9_812, 400), (1_001, 100), (300, 250)])
  func theIntervalCoversTheTrueShareAboutNineteenTimesInTwenty(viewers: Int, sampled: Int) {
    let stale = viewers * 31 / 100
    let population =
      Array(repeating: "Web < 1.33", count: stale)
      + Array(repeating: "iOS ≥ 1.37", count: viewers - stale)
    let truth = Double(stale) / Double(viewers)
    var generator = SeededRandom(seed: UInt64(viewers * 7 + sampled))
    var covered = 0
    let trials = 400
    for _ in 0..<trials {
      let sample = Array(population.shuffled(using: &generator).prefix(sampled))
      let mix = ViewerSDKMix(groups: sample, viewers: viewers)
      let web = mix.shares.first { $0.group == "Web < 1.33" }
      let share = web?.share ?? 0
      let margin = web?.margin ?? 0
      if abs(share - truth) <= margin { covered += 1 }
    }
    let rate = Double(covered) / Double(trials)
    #expect(rate >= 0.9 && rate <= 0.99, "covered \(covered) of \(trials)")
  }

  @Test func aSampleOfEveryViewerHasNoMargin() {
    let mix = ViewerSDKMix(groups: ["Web < 1.33", "iOS ≥ 1.37", "iOS ≥ 1.37"], viewers: 3)
    #expect(mix.shares.allSatisfy { $0.margin == 0 })
    #expect(mix.shares.first?.group == "iOS ≥ 1.37")
  }

  @Test func theTextStatesTheSampleAndTheInterval() {
    let mix = ViewerSDKMix(
      groups: Array(repeating: "Web < 1.33", count: 124)
        + Array(repeating: "iOS ≥ 1.37", count: 276),
      viewers: 9_812)
    #expect(mix.text.hasPrefix("iOS ≥ 1.37: 69 % ± 4 % of viewers, Web < 1.33: 31 % ± 4 %"))
    #expect(mix.text.hasSuffix("from 400 of 9,812 (a simple random sample, 95 % interval)"))
    #expect(ViewerSDKMix(groups: [], viewers: 12).text.contains("none read yet"))
  }

  @Test func groupsAreTheRuleBooksMetadataEventThresholds() {
    var web = ParticipantRecord(id: "w")
    web.browserName = "Chrome"
    web.sdkVersion = "1.32.0"
    #expect(ViewerSDKMix.group(of: web) == "Web < 1.33")
    var android = ParticipantRecord(id: "a")
    android.osName = "Android"
    android.sdkVersion = "1.37.1"
    #expect(ViewerSDKMix.group(of: android) == "Android ≥ 1.37")
    var silent = ParticipantRecord(id: "s")
    silent.osName = "iOS"
    #expect(ViewerSDKMix.group(of: silent) == "SDK not stated")
  }
}
