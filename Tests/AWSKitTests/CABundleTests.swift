import Testing

@testable import AWSKit

/// The CA bundle is chosen in botocore's order — `--ca-bundle`, `AWS_CA_BUNDLE`, the profile's
/// `ca_bundle` — else the system's, and a named bundle that cannot be read is an error naming
/// it and who named it.
struct CABundleTests {
  @Test func theOptionComesFirstThenTheEnvironmentThenTheProfile() throws {
    let probe = try CredentialFixture()
    for name in ["option", "environment", "profile"] { try probe.write("PEM", to: "\(name).pem") }
    let fixture = try CredentialFixture(
      config: "[profile dev]\nca_bundle = \(probe.folder)/profile.pem\n")
    let config = try ProfileFiles(environment: fixture.environment).load()
    let environment = ["AWS_CA_BUNDLE": probe.folder + "/environment.pem"]
    func chosen(_ option: String?, _ environment: [String: String], _ profile: String) throws
      -> CABundle
    {
      try CABundle.resolve(
        option: option, environment: environment, profile: profile, config: config)
    }
    let option = try chosen(probe.folder + "/option.pem", environment, "dev")
    #expect(option == CABundle(path: probe.folder + "/option.pem", origin: "--ca-bundle"))
    let variable = try chosen(nil, environment, "dev")
    #expect(variable == CABundle(path: probe.folder + "/environment.pem", origin: "AWS_CA_BUNDLE"))
    let profile = try chosen(nil, ["AWS_CA_BUNDLE": ""], "dev")
    #expect(profile.path == probe.folder + "/profile.pem")
    #expect(profile.origin == "ca_bundle of profile dev in \(fixture.folder)/config")
    #expect(try chosen(nil, [:], "default") == .system)
  }

  @Test func anUnreadableBundleIsNamedWithWhoNamedIt() throws {
    let fixture = try CredentialFixture(config: "[default]\nca_bundle = /nonexistent/ca.pem\n")
    let config = try ProfileFiles(environment: fixture.environment).load()
    let error = credentialError {
      _ = try CABundle.resolve(
        option: nil, environment: [:], profile: "default", config: config)
    }
    #expect(
      error?.description
        == "cannot read the CA bundle \"/nonexistent/ca.pem\" (ca_bundle of profile default in "
        + "\(fixture.folder)/config): No such file or directory")
  }

  @Test func theSystemBundleIsNamedWithLibcurlsFile() {
    #expect(
      CurlTransport().trust
        == "the system's CA certificates (/etc/ssl/certs/ca-certificates.crt)")
  }
}
