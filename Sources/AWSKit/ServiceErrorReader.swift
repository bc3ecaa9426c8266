import InputKit
import JSONKit

/// Reads an error answer as AWS's rest-json services send it: the code from the
/// `x-amzn-ErrorType` header (cut at the first `:`), else the body's `__type` (after any `#`)
/// or `code`; the message from `message`, `Message` or `exceptionMessage`. The code and the
/// request ID are the server's text like the message, so each is cut to a few dozen
/// characters with its control characters shown as escapes (`Excerpt`): no answer can put a
/// line of its own, or 200 KB, on standard error.
enum ServiceErrorReader {
  static func error(from response: HTTPResponse) -> AWSError {
    let body = try? JSONParser.parse(bytes: response.body)
    var code = response.headers["x-amzn-errortype"].map { String($0.prefix { $0 != ":" }) }
    if code?.isEmpty ?? true {
      let typed = body?["__type"]?.stringValue ?? body?["code"]?.stringValue
      code = typed.map { String($0.split(separator: "#").last ?? Substring($0)) }
    }
    let message =
      body?["message"]?.stringValue ?? body?["Message"]?.stringValue
      ?? body?["exceptionMessage"]?.stringValue ?? ""
    let name = code.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackCode(status: response.status)
    return .service(
      code: AWSErrorCode(rawValue: Excerpt.of(name)),
      message: TerminalText.safe(message, limit: 1_000),
      status: response.status, requestID: response.headers["x-amzn-requestid"].map(Excerpt.of))
  }

  private static func fallbackCode(status: Int) -> String {
    switch status {
    case 429: return "TooManyRequestsException"
    case 403: return "AccessDeniedException"
    case 404: return "ResourceNotFoundException"
    case 500...599: return "InternalServerException"
    default: return "HTTP\(status)"
    }
  }
}
