import COpenSSL

/// Reads OpenSSL's error queue into a message, so a failed key operation says
/// why (e.g. "unsupported curve") instead of just "failed".
enum OpenSSLError {
  /// The newest queued error, or `fallback` when the queue is empty; clears the queue.
  static func message(_ fallback: String) -> String {
    let code = ERR_get_error()
    stagemon_clear_errors()
    guard code != 0, let reason = ERR_reason_error_string(code) else { return fallback }
    return "\(fallback): \(String(cString: reason))"
  }
}
