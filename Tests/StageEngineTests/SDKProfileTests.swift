import Testing

@testable import StageEngine

@Suite struct SDKProfileTests {
  @Test(arguments: ["ios@1.37.0", "android@1.36.0", "web@1.32.0", "web@1.33.0", "ios@10.0.12"])
  func descriptionRoundTrips(text: String) throws {
    #expect(try SDKProfile(parsing: text).description == text)
  }

  @Test(arguments: [
    ("ios@1.37.0", true), ("ios@1.36.9", false), ("android@1.37.0", true),
    ("android@1.36.0", false), ("android@2.0.0", true), ("web@1.33.0", true),
    ("web@1.32.0", false), ("web@1.34.1", true), ("ios@1.100.0", true),
  ])
  func tokenExchangeAndMetadataEventFollowTheReleaseTable(text: String, expected: Bool) throws {
    let rules = RuleBook.ivs.latest.sdkRules(for: try SDKProfile(parsing: text))
    #expect(rules.hasExchangeToken.outcome == expected)
    #expect(rules.hasMetadataEvent.outcome == expected)
  }

  @Test(arguments: [
    ("ios", "expected platform@version"), ("ios@1.37", "bad version \"1.37\""),
    ("mac@1.0.0", "unknown platform \"mac\""), ("ios@1.x.0", "bad version"),
    ("", "expected platform@version"), ("ios@1.37.0@x", "expected platform@version"),
    ("IOS@1.37.0", "unknown platform"), ("web@-1.0.0", "bad version"),
  ])
  func badTextIsRejectedWithAReason(text: String, fragment: String) {
    #expect {
      _ = try SDKProfile(parsing: text)
    } throws: { error in
      let description = String(describing: error)
      return description.contains(fragment) && description.contains("\"\(text)\"")
    }
  }

  @Test func versionsCompareNumerically() throws {
    let older = try #require(SemanticVersion(parsing: "1.9.0"))
    let newer = try #require(SemanticVersion(parsing: "1.10.0"))
    #expect(older < newer)
  }
}
