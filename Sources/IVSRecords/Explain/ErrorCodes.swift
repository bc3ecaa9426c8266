/// What each error code of a recorded event means, in words a support engineer can pass
/// on (from the `errorCode` documentation of the `ivs-realtime` service model and the
/// IVS Real-Time quotas page), so `PUBLISH_ERROR INSUFFICIENT_CAPABILITIES` is never left
/// for the reader to decode.
enum ErrorCodes {
  static let meanings: [String: String] = [
    "INSUFFICIENT_CAPABILITIES":
      "the app published (or subscribed) without that capability in its token",
    "QUOTA_EXCEEDED": "a stage limit was reached (12 publishers, 10,000 subscribers per stage)",
    "PUBLISHER_NOT_FOUND": "it subscribed to a participant that was not publishing",
    "BITRATE_EXCEEDED": "the stream's bitrate was above the stage's maximum",
    "RESOLUTION_EXCEEDED": "the stream's resolution was above the stage's maximum",
    "STREAM_DURATION_EXCEEDED": "the stream ran longer than the maximum duration",
    "INVALID_AUDIO_CODEC": "the audio codec is not one IVS real-time accepts",
    "INVALID_VIDEO_CODEC": "the video codec is not one IVS real-time accepts",
    "INVALID_PROTOCOL": "the ingest protocol is not one the stage accepts",
    "INVALID_STREAM_KEY": "the stream key (RTMP ingest) is not valid",
    "REUSE_OF_STREAM_KEY": "the stream key (RTMP ingest) was already in use",
    "B_FRAME_PRESENT": "the video has B-frames, which real-time ingest does not accept",
    "INVALID_INPUT": "the input was not valid",
    "INTERNAL_SERVER_EXCEPTION": "an error inside IVS: retry, and report it to AWS if it repeats",
  ]

  static let source = "the ivs-realtime service model's errorCode documentation"

  /// `INSUFFICIENT_CAPABILITIES: the app published without …`, one line per code met, in
  /// the order first met; an unknown code says so.
  static func lines(_ codes: [String]) -> [String] {
    var seen: Set<String> = []
    return codes.compactMap { code in
      guard seen.insert(code).inserted else { return nil }
      return "\(code): \(meanings[code] ?? "not a code IVS documents (kept as recorded)")"
    }
  }
}
