import Foundation
import StandInHarness
import Testing

/// HTTPS through a private CA (issue #33 §3): the CA bundle is `--ca-bundle`, else
/// `AWS_CA_BUNDLE`, else the profile's `ca_bundle` (botocore's order), else the system's; a
/// certificate the chosen bundle does not vouch for is still refused, and the message names
/// the bundle it was checked against.
@Suite(.enabled(if: StandInServer.enabled, "needs python3 with botocore (pip install botocore)"))
struct PrivateCATests {
  /// Where the CA came from in one case, and whether the request got through.
  struct Case: Sendable, CustomStringConvertible {
    var option: Bool = false
    var environment: Bool = false
    var profile: Bool = false
    /// Also a bundle without the CA one level down (`AWS_CA_BUNDLE` under `--ca-bundle`, the
    /// profile's under `AWS_CA_BUNDLE`), which the higher choice overrides.
    var wrongBelow: Bool = false
    var trusted: Bool
    var named: String
    var description: String {
      "option \(option) environment \(environment) profile \(profile) wrong \(wrongBelow)"
    }
  }

  static let cases: [Case] = [
    Case(
      trusted: false, named: "the system's CA certificates (/etc/ssl/certs/ca-certificates.crt)"),
    Case(option: true, trusted: true, named: ""),
    Case(environment: true, trusted: true, named: ""),
    Case(profile: true, trusted: true, named: ""),
    Case(option: true, wrongBelow: true, trusted: true, named: ""),
    Case(environment: true, wrongBelow: true, trusted: true, named: ""),
  ]

  @Test(arguments: cases)
  func theBundleTheAWSCLIWouldUseDecides(_ check: Case) throws {
    let live = try LiveFixture()
    let folder = live.folder.path
    let tls = try TLSStandIn(in: folder)
    var arguments = [
      "fetch", LiveFixture.stageArn, "--endpoint-url", tls.endpoint, "--total-timeout", "20",
    ]
    var environment: [String: String] = [:]
    var profile: String?
    if check.option {
      arguments += ["--ca-bundle", tls.ca]
      if check.wrongBelow { environment["AWS_CA_BUNDLE"] = tls.otherCA }
    }
    if check.environment {
      environment["AWS_CA_BUNDLE"] = tls.ca
      if check.wrongBelow { profile = tls.otherCA }
    }
    if check.profile { profile = tls.ca }
    if let profile {
      try FileManager.default.createDirectory(
        atPath: folder + "/.aws", withIntermediateDirectories: true)
      try "[default]\nca_bundle = \(profile)\n".write(
        toFile: folder + "/.aws/config", atomically: true, encoding: .utf8)
    }
    let result = try live.run(arguments, environment: environment)
    if check.trusted {
      LiveErrorTests.expectActionable(
        result, ["AWS refused ivs:GetStage to these credentials", "answered over TLS"])
    } else {
      LiveErrorTests.expectActionable(
        result,
        [
          "TLS with \(tls.endpoint) failed (SSL certificate problem",
          "checked against \(check.named)",
        ])
    }
  }

  /// A bundle that does not hold the server's CA is refused, and the message names that bundle
  /// and who chose it — the higher choice even when a lower one would have worked.
  @Test(arguments: [
    ("--ca-bundle", "environment"), ("AWS_CA_BUNDLE", "profile"), ("ca_bundle", "none"),
  ])
  func aBundleWithoutTheCAIsRefusedNamingIt(_ wrong: String, _ good: String) throws {
    let live = try LiveFixture()
    let folder = live.folder.path
    let tls = try TLSStandIn(in: folder)
    var arguments = [
      "fetch", LiveFixture.stageArn, "--endpoint-url", tls.endpoint, "--total-timeout", "20",
    ]
    var environment: [String: String] = [:]
    var profile: String?
    switch wrong {
    case "--ca-bundle": arguments += ["--ca-bundle", tls.otherCA]
    case "AWS_CA_BUNDLE": environment["AWS_CA_BUNDLE"] = tls.otherCA
    default: profile = tls.otherCA
    }
    if good == "environment" { environment["AWS_CA_BUNDLE"] = tls.ca }
    if good == "profile" { profile = tls.ca }
    if let profile {
      try FileManager.default.createDirectory(
        atPath: folder + "/.aws", withIntermediateDirectories: true)
      try "[default]\nca_bundle = \(profile)\n".write(
        toFile: folder + "/.aws/config", atomically: true, encoding: .utf8)
    }
    let result = try live.run(arguments, environment: environment)
    let origin = wrong == "ca_bundle" ? "ca_bundle of profile default in " : wrong
    LiveErrorTests.expectActionable(
      result,
      [
        "TLS with \(tls.endpoint) failed (SSL certificate problem",
        "checked against the CA bundle \"\(tls.otherCA)\" (\(origin)",
        "stagemon never accepts a certificate unchecked",
      ])
  }

  @Test func aBundleThatCannotBeReadIsNamedBeforeAnyRequest() throws {
    let live = try LiveFixture()
    let missing = live.folder.path + "/missing.pem"
    let result = try live.run(
      ["fetch", LiveFixture.stageArn, "--endpoint-url", "https://127.0.0.1:9"],
      environment: ["AWS_CA_BUNDLE": missing])
    LiveErrorTests.expectActionable(
      result, ["cannot read the CA bundle \"\(missing)\" (AWS_CA_BUNDLE): No such file"])
  }

  @Test func credentialsSaysWhichBundleIsInUse() throws {
    let live = try LiveFixture()
    let tls = try TLSStandIn(in: live.folder.path)
    let system = try live.run(["credentials", LiveFixture.stageArn])
    #expect(system.status == 0, "\(system.stderr)")
    #expect(
      system.stdout.contains("the system's CA certificates (/etc/ssl/certs/ca-certificates.crt)"))
    let chosen = try live.run(
      ["credentials", LiveFixture.stageArn, "--ca-bundle", tls.ca],
      environment: ["AWS_CA_BUNDLE": tls.otherCA])
    #expect(chosen.status == 0, "\(chosen.stderr)")
    #expect(chosen.stdout.contains("the CA bundle \"\(tls.ca)\" (--ca-bundle)"))
  }
}
