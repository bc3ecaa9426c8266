import InputKit
import JSONKit

/// The services that hand out credentials as JSON — IAM Identity Center, the container
/// endpoint, the EC2 instance metadata service: their answers read and capped, their failures
/// worded as the provider `source`'s. The container endpoint and instance metadata, which are
/// no AWS API and keep botocore's own fetchers' attempts, are sent one request at a time here;
/// IAM Identity Center's API goes through `RetryingCaller` like every AWS API.
enum CredentialEndpoint {
  /// The largest answer read: credential answers are a few hundred bytes.
  static let maximumAnswer = 64 << 10

  /// The answer to `request` within `timeout` seconds, whatever its status.
  static func send(
    _ request: HTTPRequest, via transport: any HTTPTransport, timeout: Double, source: String
  ) throws(CredentialError) -> HTTPResponse {
    let response: HTTPResponse
    do {
      response = try transport.send(request, timeout: timeout)
    } catch {
      throw .unavailable(source: source, problem: error.description)
    }
    guard response.body.count <= maximumAnswer else {
      throw .unavailable(source: source, problem: "its answer is larger than 64 KB")
    }
    return response
  }

  /// The JSON object of a 200 answer.
  static func object(_ response: HTTPResponse, source: String) throws(CredentialError) -> JSON {
    guard response.status == 200 else {
      throw .unavailable(
        source: source,
        problem:
          "HTTP \(response.status): \(Excerpt.of(String(decoding: response.body, as: UTF8.self)))")
    }
    guard let json = try? JSONParser.parse(bytes: response.body), json.objectValue != nil else {
      throw .unavailable(source: source, problem: "its answer is not a JSON object")
    }
    return json
  }

  /// A time as these services write it (ISO 8601, or `…UTC` as older AWS CLIs wrote the IAM
  /// Identity Center cache), in whole seconds since 1970.
  static func seconds(_ text: String) -> Int64? {
    let iso = text.hasSuffix("UTC") ? String(text.dropLast(3)) + "Z" : text
    return WireTime.seconds(iso).map { Int64($0.rounded(.down)) }
  }
}
