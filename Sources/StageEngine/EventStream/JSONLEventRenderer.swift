import TokenCore

/// Renders events as SPEC §7 JSON lines into a reusable byte buffer.
///
/// The field order is fixed (golden files and users' scripts depend on it),
/// attributes are written with sorted keys, capabilities as sorted arrays,
/// and only summaries of tokens (never a signature) can appear. Headless runs
/// write over a million events per second, so it appends whole fragments and
/// keeps what repeats from one event to the next already rendered: the
/// timestamp, each SDK profile, and the last two attributes maps (a fan-out sends
/// the same map to every observer, and its `beliefChanged` events alternate the
/// believed map with the true one).
public struct JSONLEventRenderer {
  private var cachedTime: Int64 = .min
  private var cachedTimeBytes: [UInt8] = []
  private var sdkFragments: [(sdk: SDKProfile, bytes: [UInt8])] = []
  private var attributeFragments = [AttributesFragment(), AttributesFragment()]

  /// Creates a renderer.
  public init() {}

  /// Appends `event` as one JSON object and a newline.
  public mutating func render(_ event: borrowing StageEvent, into out: inout [UInt8]) {
    out.append(contentsOf: #"{"seq":"#.utf8)
    JSONBytes.appendInteger(Int64(event.seq), to: &out)
    appendTimeAndSourceKey(event.time, to: &out)
    out.append(contentsOf: event.source.rawValue.utf8)
    out.append(UInt8(ascii: "\""))
    if let observer = event.observer { field(#","observer":"#, observer, &out) }
    if let sdk = event.sdk { appendSDK(sdk, to: &out) }
    field(#","kind":"#, event.kind.rawValue, &out)
    if let name = event.name { field(#","name":"#, name, &out) }
    if let participant = event.participant { field(#","participant":"#, participant, &out) }
    if let remote = event.remoteParticipantId {
      field(#","remoteParticipantId":"#, remote, &out)
    }
    renderDetails(event, into: &out)
    out.append(contentsOf: "}\n".utf8)
  }

  private mutating func renderDetails(_ event: borrowing StageEvent, into out: inout [UInt8]) {
    if let userId = event.userId { field(#","userId":"#, userId, &out) }
    if let attributes = event.attributes {
      out.append(contentsOf: #","attributes":"#.utf8)
      appendAttributes(attributes, to: &out)
    }
    if let capabilities = event.capabilities {
      out.append(contentsOf: #","capabilities":"#.utf8)
      Self.appendCapabilities(capabilities, to: &out)
    }
    if let truth = event.truth { appendTruth(truth.metadata, to: &out) }
    if let state = event.state { field(#","state":"#, state, &out) }
    if let streams = event.streams {
      out.append(contentsOf: #","streams":"#.utf8)
      JSONBytes.appendStreams(streams, to: &out)
    }
    if let answer = event.answer { field(#","answer":"#, answer, &out) }
    if let reason = event.reason { field(#","reason":"#, reason, &out) }
    if let code = event.code {
      out.append(contentsOf: #","code":"#.utf8)
      JSONBytes.appendInteger(Int64(code), to: &out)
    }
    if let errorCode = event.errorCode { field(#","errorCode":"#, errorCode, &out) }
    if let message = event.message { field(#","message":"#, message, &out) }
    if let fields = event.fields {
      out.append(contentsOf: #","fields":"#.utf8)
      JSONBytes.appendStrings(fields, to: &out)
    }
    if let slots = event.slots { Self.appendSlots(slots, to: &out) }
    if let exchange = event.exchange {
      Self.appendToken(#","previousToken":"#, exchange.previousToken, to: &out)
      Self.appendToken(#","newToken":"#, exchange.newToken, to: &out)
    }
    if let failure = event.expectation {
      field(#","step":"#, failure.step, &out)
      field(#","expected":"#, failure.expected, &out)
      field(#","actual":"#, failure.actual, &out)
    }
  }

  /// `key` is the whole `,"name":` fragment, so a field costs two appends.
  private func field(_ key: StaticString, _ value: String, _ out: inout [UInt8]) {
    key.withUTF8Buffer { out.append(contentsOf: $0) }
    JSONBytes.appendQuoted(value, to: &out)
  }

  /// `,"time":"…","source":"` — the same for every event of one virtual second.
  private mutating func appendTimeAndSourceKey(_ time: Int64, to out: inout [UInt8]) {
    if time != cachedTime {
      cachedTimeBytes.removeAll(keepingCapacity: true)
      cachedTimeBytes.append(contentsOf: #","time":""#.utf8)
      VirtualTime.write(time, into: &cachedTimeBytes)
      cachedTimeBytes.append(contentsOf: #"","source":""#.utf8)
      cachedTime = time
    }
    out.append(contentsOf: cachedTimeBytes)
  }

  /// `,"sdk":"platform@version"`, rendered once per distinct profile.
  private mutating func appendSDK(_ sdk: SDKProfile, to out: inout [UInt8]) {
    for index in sdkFragments.indices where sdkFragments[index].sdk == sdk {
      out.append(contentsOf: sdkFragments[index].bytes)
      return
    }
    var bytes = Array(#","sdk":"#.utf8)
    JSONBytes.appendQuoted(sdk.description, to: &bytes)
    sdkFragments.append((sdk, bytes))
    out.append(contentsOf: bytes)
  }

  /// Sorted attributes, re-rendered only when the map differs from the last two; the
  /// fragment just used moves to the front, the other one is replaced on a miss.
  private mutating func appendAttributes(_ attributes: [String: String], to out: inout [UInt8]) {
    if attributes != attributeFragments[0].attributes {
      if attributes != attributeFragments[1].attributes {
        attributeFragments[1].render(attributes)
      }
      attributeFragments.swapAt(0, 1)
    }
    out.append(contentsOf: attributeFragments[0].bytes)
  }

  private static func appendCapabilities(_ capabilities: Capabilities, to out: inout [UInt8]) {
    switch (capabilities.publish, capabilities.subscribe) {
    case (true, true): out.append(contentsOf: #"["publish","subscribe"]"#.utf8)
    case (true, false): out.append(contentsOf: #"["publish"]"#.utf8)
    case (false, true): out.append(contentsOf: #"["subscribe"]"#.utf8)
    case (false, false): out.append(contentsOf: "[]".utf8)
    }
  }

  private static func appendSlots(_ slots: [CompositionSlot], to out: inout [UInt8]) {
    out.append(contentsOf: #","slots":["#.utf8)
    for (index, slot) in slots.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"role":"#.utf8)
      JSONBytes.appendQuoted(slot.role.rawValue, to: &out)
      out.append(contentsOf: #","participant":"#.utf8)
      JSONBytes.appendQuoted(slot.participant, to: &out)
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
  }

  /// `,"truth":{"userId":…,"attributes":{…}}` of a beliefChanged event.
  private mutating func appendTruth(_ truth: ParticipantMetadata, to out: inout [UInt8]) {
    out.append(contentsOf: #","truth":{"#.utf8)
    if let userId = truth.userId {
      out.append(contentsOf: #""userId":"#.utf8)
      JSONBytes.appendQuoted(userId, to: &out)
      out.append(UInt8(ascii: ","))
    }
    out.append(contentsOf: #""attributes":"#.utf8)
    appendAttributes(truth.attributes, to: &out)
    out.append(UInt8(ascii: "}"))
  }

  /// A token summary as the ListParticipantEvents API shows it: no signature, no raw token.
  private static func appendToken(
    _ key: StaticString, _ token: TokenSummary, to out: inout [UInt8]
  ) {
    key.withUTF8Buffer { out.append(contentsOf: $0) }
    out.append(contentsOf: #"{"capabilities":"#.utf8)
    appendCapabilities(token.capabilities, to: &out)
    out.append(contentsOf: #","attributes":"#.utf8)
    JSONBytes.appendAttributes(token.attributes, to: &out)
    if let userId = token.userId {
      out.append(contentsOf: #","userId":"#.utf8)
      JSONBytes.appendQuoted(userId, to: &out)
    }
    out.append(contentsOf: #","expirationTime":""#.utf8)
    VirtualTime.write(token.expirationTime, into: &out)
    out.append(contentsOf: "\"}".utf8)
  }
}

/// One attributes map and its rendered JSON object.
private struct AttributesFragment {
  private(set) var attributes: [String: String] = [:]
  private(set) var bytes: [UInt8] = Array("{}".utf8)

  mutating func render(_ attributes: [String: String]) {
    bytes.removeAll(keepingCapacity: true)
    JSONBytes.appendAttributes(attributes, to: &bytes)
    self.attributes = attributes
  }
}
