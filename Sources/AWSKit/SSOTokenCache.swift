import InputKit
import JSONKit

/// The IAM Identity Center token `aws sso login` keeps: `~/.aws/sso/cache/<sha1>.json`, where
/// the SHA-1 is of the `sso_session` name, or of the `sso_start_url` for a legacy profile
/// (botocore's `SSOTokenLoader`). A token of an `sso_session` that expires within 15 minutes is
/// renewed with its refresh token through IAM Identity Center OIDC's CreateToken and written
/// back, as botocore's `SSOTokenProvider` does; a legacy token is used until it expires.
struct SSOTokenCache {
  /// `~/.aws/sso/cache`, from `HOME`.
  let folder: String
  let context: CredentialContext

  /// The largest cache file read.
  static let maximumBytes = 64 << 10
  /// Seconds before expiry from which a token is renewed (botocore's `_REFRESH_WINDOW`).
  static let refreshSeconds: Int64 = 15 * 60

  init(context: CredentialContext) {
    self.context = context
    folder = HomePath.expand("~/.aws/sso/cache", environment: context.environment)
  }

  /// The cache file for `name` (a session name or a start URL).
  func path(for name: String) -> String {
    folder + "/" + Digest.hex(Digest.sha1(Array(name.utf8))) + ".json"
  }

  /// The access token to send for `login`, renewed first when it can and should be.
  func accessToken(for login: SSOLogin, profile: String) throws(CredentialError) -> String {
    let path = path(for: login.cacheName)
    var token = try load(path, login: login, profile: profile)
    var expiresAt = try expiry(token, "expiresAt", path: path, profile: profile)
    if case .session = login, expiresAt - context.now < Self.refreshSeconds,
      let renewed = renew(token, login: login)
    {
      do {
        try SafeFile.write(
          JSONWriter.compact(renewed), to: path, replacing: true, mode: SafeFile.privateMode)
      } catch {
        // The refresh token may have been used up: keeping the new one only in memory would
        // leave the cache unusable (botocore fails too when it cannot write it).
        throw .unreadableFile(path: path, reason: "cannot save the renewed token: \(error)")
      }
      token = renewed
      expiresAt = try expiry(token, "expiresAt", path: path, profile: profile)
    }
    guard expiresAt > context.now, let access = token["accessToken"]?.stringValue else {
      throw .ssoLoginNeeded(
        profile: profile,
        problem: "the IAM Identity Center token for \(login.description) expired at "
          + WireTime.text(secondsSince1970: expiresAt))
    }
    return access
  }

  private func load(_ path: String, login: SSOLogin, profile: String) throws(CredentialError)
    -> JSON
  {
    let bytes: [UInt8]
    do {
      bytes = try BoundedInput.bytes(atPath: path, limit: Self.maximumBytes)
    } catch {
      guard error.problem == .noSuchFile else {
        throw .unreadableFile(path: path, reason: error.reason)
      }
      throw .ssoLoginNeeded(
        profile: profile,
        problem: "no IAM Identity Center token for \(login.description) in \(folder)")
    }
    guard let token = try? JSONParser.parse(bytes: bytes), token["accessToken"]?.stringValue != nil
    else {
      throw .ssoLoginNeeded(
        profile: profile, problem: "the IAM Identity Center token in \(path) is not usable")
    }
    return token
  }

  private func expiry(_ token: JSON, _ key: String, path: String, profile: String)
    throws(CredentialError) -> Int64
  {
    guard let text = token[key]?.stringValue, let seconds = CredentialEndpoint.seconds(text) else {
      throw .ssoLoginNeeded(
        profile: profile, problem: "the IAM Identity Center token in \(path) has no \(key)")
    }
    return seconds
  }

  /// The token renewed through CreateToken, nil when it cannot be (no refresh token, an
  /// expired client registration, a refusal): botocore then goes on with the token it has.
  private func renew(_ token: JSON, login: SSOLogin) -> JSON? {
    guard case .session(_, let startURL, let region) = login,
      let refreshToken = token["refreshToken"]?.stringValue,
      let clientID = token["clientId"]?.stringValue,
      let clientSecret = token["clientSecret"]?.stringValue,
      let registration = token["registrationExpiresAt"]?.stringValue,
      let registrationEnd = CredentialEndpoint.seconds(registration), registrationEnd > context.now,
      let endpoint = try? ConfiguredEndpoint.url(
        serviceID: "SSO OIDC", environment: context.environment,
        fallback: "https://oidc.\(region).amazonaws.com")
    else { return nil }
    var request = endpoint.request(
      method: "POST", appending: "/token",
      headers: [.init(name: "Content-Type", value: "application/json")])
    request.body = Array(
      JSONWriter.compact(
        .object([
          ("clientId", .string(clientID)), ("clientSecret", .string(clientSecret)),
          ("grantType", .string("refresh_token")), ("refreshToken", .string(refreshToken)),
        ])
      ).utf8)
    guard
      let response = try? context.caller(signingName: "sso-oauth", region: region)
        .send("CreateToken", request, signing: .unsigned),
      let answer = try? CredentialEndpoint.object(response, source: "CreateToken"),
      let access = answer["accessToken"]?.stringValue,
      let lifetime = answer["expiresIn"]?.integerValue,
      lifetime > 0, lifetime < 1 << 31
    else { return nil }
    var renewed: [(key: String, value: JSON)] = [
      ("startUrl", .string(startURL)), ("region", .string(region)),
      ("accessToken", .string(access)),
      ("expiresAt", .string(WireTime.text(secondsSince1970: context.now + lifetime))),
      ("clientId", .string(clientID)), ("clientSecret", .string(clientSecret)),
      ("registrationExpiresAt", .string(registration)),
    ]
    if let next = answer["refreshToken"]?.stringValue {
      renewed.append(("refreshToken", .string(next)))
    }
    return .object(renewed)
  }
}

/// How a profile signs in to IAM Identity Center, which names the cached token.
enum SSOLogin: Equatable {
  /// `sso_session NAME` (its section gives the start URL and region): the token is renewed.
  case session(name: String, startURL: String, region: String)
  /// `sso_start_url` in the profile itself (legacy).
  case legacy(startURL: String)

  /// The name the cache file is derived from.
  var cacheName: String {
    switch self {
    case .session(let name, _, _): return name
    case .legacy(let startURL): return startURL
    }
  }

  /// `sso_session my-sso` or `sso_start_url https://…`.
  var description: String {
    switch self {
    case .session(let name, _, _): return "sso_session \(name)"
    case .legacy(let startURL): return "sso_start_url \(startURL)"
    }
  }
}
