import Testing

@testable import IVSRules

@Suite struct RuleBookTests {
  let book = RuleBook.ivs

  static func day(_ text: String) throws -> ServiceDate { try ServiceDate(parsing: text) }

  @Test func everyRuleIDHasExactlyOneRuleInTheBook() {
    let written =
      RuleBook.tokenRules + RuleBook.exchangeRules + RuleBook.visibilityRules
      + RuleBook.compositionRules + RuleBook.errorRules + RuleBook.stageRules
    for id in RuleID.allCases {
      #expect(written.filter { $0.id == id }.count == 1, "\(id) has no rule or more than one")
    }
    #expect(book.rules.count == RuleID.allCases.count)
    #expect(book.rules.map(\.id) == RuleID.allCases.sorted())
  }

  @Test(arguments: RuleID.allCases)
  func aDocumentedRuleQuotesItsSourceAndAnAssumptionGivesItsReason(id: RuleID) {
    let rule = book.rule(id)
    #expect(!rule.statement.isEmpty && rule.statement.hasSuffix("."), "\(id): one sentence")
    switch rule.basis {
    case .documented(let source):
      #expect(!source.title.isEmpty && !source.section.isEmpty, "\(id)")
      #expect(
        source.url.hasPrefix("https://docs.aws.amazon.com/")
          || source.url.hasPrefix("https://aws.github.io/amazon-ivs-"), "\(id): \(source.url)")
      #expect(!source.quote.isEmpty && source.quote.count <= 240, "\(id): quote briefly")
    case .assumption(let reason):
      #expect(reason.count >= 40, "\(id): an assumption says why it was chosen")
    }
    if let advice = rule.advice {
      #expect(!advice.text.isEmpty)
      if case .assumption(let reason) = advice.basis { #expect(!reason.isEmpty) }
    }
  }

  @Test func rulesAreStableReadableIDs() {
    for id in RuleID.allCases {
      let allowed = id.rawValue.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
      }
      #expect(allowed && id.rawValue.contains("."), "\(id.rawValue)")
    }
  }

  /// Every SDK the questions can meet: each platform at and around every release the book names.
  static let profiles: [SDKProfile] = {
    let versions = [
      SemanticVersion(major: 0, minor: 0, patch: 0), SemanticVersion(major: 1, minor: 32, patch: 9),
      Releases.webTokenExchange, SemanticVersion(major: 1, minor: 36, patch: 99),
      Releases.mobileTokenExchange, SemanticVersion(major: 9, minor: 0, patch: 0),
    ]
    return SDKProfile.Platform.allCases.flatMap { platform in
      versions.map { SDKProfile(platform: platform, version: $0) }
    }
  }()

  static let days = ["2023-08-07", "2025-12-01", "2026-04-15", "2026-04-16", "2027-01-01"]

  func expectEveryCaseAnsweredOnce<Outcome>(_ question: Question<Outcome>, perSDK: Bool) throws {
    for text in Self.days {
      let date = try Self.day(text)
      let sdks: [SDKProfile?] = perSDK ? Self.profiles : [nil]
      for sdk in sdks {
        let holding = question.answers.filter { answer in
          let scope = book.rule(answer.rule).scope
          return scope.holds(on: date) && (sdk.map { scope.holds(for: $0) } ?? true)
        }
        let who = sdk.map(String.init(describing:)) ?? "any SDK"
        #expect(holding.count == 1, "\(question) for \(who) on \(text): \(holding.map(\.rule))")
      }
    }
  }

  @Test func everyQuestionHasExactlyOneAnswerForEverySDKAndDay() throws {
    try expectEveryCaseAnsweredOnce(.hasExchangeToken, perSDK: true)
    try expectEveryCaseAnsweredOnce(.hasMetadataEvent, perSDK: true)
    try expectEveryCaseAnsweredOnce(.hasSelfMetadataEvent, perSDK: true)
    try expectEveryCaseAnsweredOnce(.leavesOnRefusedExchange, perSDK: true)
    for errorCase in SDKErrorCode.Case.allCases {
      try expectEveryCaseAnsweredOnce(.errorCode(errorCase), perSDK: true)
    }
    try expectEveryCaseAnsweredOnce(.compositionUpdates, perSDK: false)
    for question: Question<Int> in [
      .publishersPerStage, .subscribersPerStage, .compositionsPerStage, .publicKeysPerRegion,
      .maximumTokenLifetime,
    ] {
      try expectEveryCaseAnsweredOnce(question, perSDK: false)
    }
  }

  @Test func anOldAndroidObserverWhilePublishingIsDecidedByTheRepublishRule() throws {
    let rules = book.inForce(on: try Self.day("2026-03-14"))
    let decision = rules.decide(.hasMetadataEvent, for: try SDKProfile(parsing: "android@1.36.0"))
    #expect(decision == Decision(false, rule: .visibilityRepublishOnly))
    let web = rules.decide(.hasMetadataEvent, for: try SDKProfile(parsing: "web@1.33.0"))
    #expect(web == Decision(true, rule: .visibilityMetadataEventWeb))
    let ios = rules.decide(.hasMetadataEvent, for: try SDKProfile(parsing: "ios@1.37.0"))
    #expect(ios == Decision(true, rule: .visibilityMetadataEventMobile))
  }

  @Test func compositionsFollowAnExchangeAtOnceFromTheSixteenthOfApril2026() throws {
    let before = book.inForce(on: try Self.day("2026-04-15")).compositionUpdates()
    #expect(before == Decision(.onReconnect, rule: .compositionLayoutOnReconnect))
    let from = book.inForce(on: try Self.day("2026-04-16")).compositionUpdates()
    #expect(from == Decision(.live, rule: .compositionLayoutLive))
    #expect(book.latest.compositionUpdates().outcome == .live)
  }

  @Test func anExplicitPolicyIsAWhatIfThatPlaysThatPolicysRule() throws {
    let today = book.latest
    #expect(
      today.compositionUpdates(whatIf: .onReconnect)
        == Decision(.onReconnect, rule: .compositionLayoutOnReconnect, isWhatIf: true))
    #expect(
      today.compositionUpdates(whatIf: .live) == Decision(.live, rule: .compositionLayoutLive))
  }

  @Test func theRulesOfADayBeforeTheChangeAreNotTheLatest() throws {
    #expect(book.latestChange == Releases.liveCompositionLayouts)
    #expect(!book.inForce(on: try Self.day("2025-12-01")).isLatest)
    #expect(book.inForce(on: try Self.day("2026-04-16")).isLatest)
    #expect(book.inForce(on: try Self.day("2030-01-01")).isLatest)
    let old = book.rules(inForceOn: try Self.day("2025-12-01")).map(\.id)
    #expect(old.contains(.compositionLayoutOnReconnect) && !old.contains(.compositionLayoutLive))
  }

  @Test func errorCodesArePerPlatform() throws {
    let rules = book.latest
    let web = rules.decide(.errorCode(.exchangeFailed), for: try SDKProfile(parsing: "web@1.33.0"))
    #expect(web.outcome == SDKErrorCode(number: 12, name: "TOKEN_EXCHANGE_FAILED"))
    #expect(web.rule == .errorCodeExchangeWeb)
    let android = rules.decide(
      .errorCode(.tokenExpired), for: try SDKProfile(parsing: "android@1.36.0"))
    #expect(android == Decision(SDKErrorCode(number: 1001), rule: .errorCodeAndroid))
  }

  /// No mobile error page lists a code for a full stage: 1024 rests on an assumption, and
  /// the documented join-code rules do not claim it.
  @Test func aFullStagesMobileCodeIsAnAssumption() throws {
    let rules = book.latest
    for sdk in ["ios@1.37.0", "android@1.36.0"] {
      let full = rules.decide(.errorCode(.stageAtCapacity), for: try SDKProfile(parsing: sdk))
      #expect(full == Decision(SDKErrorCode(number: 1024), rule: .errorCodeCapacityMobile))
    }
    #expect(book.rule(.errorCodeCapacityMobile).kind == .assumption)
    for id in [RuleID.errorCodeIOS, .errorCodeAndroid] {
      #expect(!book.rule(id).statement.contains("1024"))
    }
    let web = rules.decide(.errorCode(.stageAtCapacity), for: try SDKProfile(parsing: "web@1.33.0"))
    #expect(
      web == Decision(SDKErrorCode(number: 6, name: "STAGE_AT_CAPACITY"), rule: .errorCodeWeb))
  }

  @Test func aLimitsStatementNamesItsNumber() {
    let limits: [Question<Int>] = [
      .publishersPerStage, .subscribersPerStage, .compositionsPerStage, .publicKeysPerRegion,
    ]
    for question in limits {
      let decision = book.latest.decide(question)
      let statement = String(book.rule(decision.rule).statement.filter { $0 != "," })
      #expect(statement.contains(String(decision.outcome)), "\(decision.rule)")
    }
    let claims = book.latest.decide(.immutableClaims)
    let statement = book.rule(claims.rule).statement
    #expect(claims.outcome.allSatisfy { statement.contains($0) })
  }

  @Test func noAdviceNamesACompositionSettingThatDoesNotExist() {
    for rule in book.rules {
      let text = rule.advice?.text.lowercased() ?? ""
      #expect(!text.contains("policy") && !text.contains("updates"), "\(rule.id): \(text)")
    }
  }

  @Test func anUnknownIDNamesTheNearestOnes() {
    #expect(throws: UnknownRuleError.self) { try book.rule(named: "exchange.imutable-claims") }
    do {
      _ = try book.rule(named: "exchange.imutable-claims")
    } catch {
      #expect(error.nearest.first == .exchangeImmutableClaims)
      #expect(error.nearest.count == 3)
      #expect(error.description.contains("exchange.immutable-claims"))
    }
    #expect((try? book.rule(named: "composition.layout.live"))?.id == .compositionLayoutLive)
  }
}
