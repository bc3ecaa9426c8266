import JSONKit
import TokenCore

/// Renders events as SPEC §7 JSON lines into a reusable byte buffer.
///
/// The field order is fixed (golden files and users' scripts depend on it),
/// attributes are written with sorted keys, capabilities as sorted arrays,
/// and only summaries of tokens (never a signature) can appear. It writes
/// bytes directly and caches the last timestamp, because headless runs write
/// hundreds of thousands of events per second.
public struct JSONLEventRenderer {
  private var cachedTime: Int64 = .min
  private var cachedTimeBytes: [UInt8] = []

  /// Creates a renderer.
  public init() {}

  /// Appends `event` as one JSON object and a newline.
  public mutating func render(_ event: StageEvent, into out: inout [UInt8]) {
    out.append(contentsOf: #"{"seq":"#.utf8)
    Self.appendInteger(Int64(event.seq), to: &out)
    out.append(contentsOf: #","time":""#.utf8)
    appendTime(event.time, to: &out)
    out.append(contentsOf: #"","source":""#.utf8)
    out.append(contentsOf: event.source.rawValue.utf8)
    out.append(UInt8(ascii: "\""))
    if let observer = event.observer { field("observer", observer, &out) }
    if let sdk = event.sdk { sdkField(sdk, &out) }
    field("kind", event.kind.rawValue, &out)
    if let name = event.name { field("name", name, &out) }
    if let participant = event.participant { field("participant", participant, &out) }
    if let remote = event.remoteParticipantId { field("remoteParticipantId", remote, &out) }
    renderDetails(event, into: &out)
    out.append(contentsOf: "}\n".utf8)
  }

  private mutating func renderDetails(_ event: StageEvent, into out: inout [UInt8]) {
    if let userId = event.userId { field("userId", userId, &out) }
    if let attributes = event.attributes { attributesField("attributes", attributes, &out) }
    if let capabilities = event.capabilities {
      capabilitiesField("capabilities", capabilities, &out)
    }
    if let state = event.state { field("state", state, &out) }
    if let streams = event.streams { stringsField("streams", streams.names, &out) }
    if let answer = event.answer { field("answer", answer, &out) }
    if let reason = event.reason { field("reason", reason, &out) }
    if let code = event.code {
      out.append(contentsOf: #","code":"#.utf8)
      Self.appendInteger(Int64(code), to: &out)
    }
    if let errorCode = event.errorCode { field("errorCode", errorCode, &out) }
    if let message = event.message { field("message", message, &out) }
    if let fields = event.fields { stringsField("fields", fields, &out) }
    if let slots = event.slots { slotsField(slots, &out) }
    if let exchange = event.exchange {
      tokenField("previousToken", exchange.previousToken, &out)
      tokenField("newToken", exchange.newToken, &out)
    }
  }

  private func key(_ name: StaticString, _ out: inout [UInt8]) {
    out.append(contentsOf: #",""#.utf8)
    name.withUTF8Buffer { out.append(contentsOf: $0) }
    out.append(contentsOf: #"":"#.utf8)
  }

  private func field(_ name: StaticString, _ value: String, _ out: inout [UInt8]) {
    key(name, &out)
    JSONWriter.writeString(value, into: &out)
  }

  private func sdkField(_ sdk: SDKProfile, _ out: inout [UInt8]) {
    key("sdk", &out)
    out.append(UInt8(ascii: "\""))
    out.append(contentsOf: sdk.platform.rawValue.utf8)
    out.append(UInt8(ascii: "@"))
    Self.appendInteger(Int64(sdk.version.major), to: &out)
    out.append(UInt8(ascii: "."))
    Self.appendInteger(Int64(sdk.version.minor), to: &out)
    out.append(UInt8(ascii: "."))
    Self.appendInteger(Int64(sdk.version.patch), to: &out)
    out.append(UInt8(ascii: "\""))
  }

  private func stringsField(_ name: StaticString, _ values: [String], _ out: inout [UInt8]) {
    key(name, &out)
    Self.appendStrings(values, to: &out)
  }

  private func capabilitiesField(
    _ name: StaticString, _ capabilities: Capabilities, _ out: inout [UInt8]
  ) {
    key(name, &out)
    switch (capabilities.publish, capabilities.subscribe) {
    case (true, true): out.append(contentsOf: #"["publish","subscribe"]"#.utf8)
    case (true, false): out.append(contentsOf: #"["publish"]"#.utf8)
    case (false, true): out.append(contentsOf: #"["subscribe"]"#.utf8)
    case (false, false): out.append(contentsOf: "[]".utf8)
    }
  }

  private func attributesField(
    _ name: StaticString, _ attributes: [String: String], _ out: inout [UInt8]
  ) {
    key(name, &out)
    Self.appendAttributes(attributes, to: &out)
  }

  private func slotsField(_ slots: [CompositionSlot], _ out: inout [UInt8]) {
    key("slots", &out)
    out.append(UInt8(ascii: "["))
    for (index, slot) in slots.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"role":"#.utf8)
      JSONWriter.writeString(slot.role.rawValue, into: &out)
      out.append(contentsOf: #","participant":"#.utf8)
      JSONWriter.writeString(slot.participant, into: &out)
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
  }

  /// A token summary as the ListParticipantEvents API shows it: no signature, no raw token.
  private mutating func tokenField(
    _ name: StaticString, _ token: TokenSummary, _ out: inout [UInt8]
  ) {
    key(name, &out)
    out.append(UInt8(ascii: "{"))
    out.append(contentsOf: #""capabilities":"#.utf8)
    Self.appendStrings(token.capabilities.names, to: &out)
    out.append(contentsOf: #","attributes":"#.utf8)
    Self.appendAttributes(token.attributes, to: &out)
    if let userId = token.userId {
      out.append(contentsOf: #","userId":"#.utf8)
      JSONWriter.writeString(userId, into: &out)
    }
    out.append(contentsOf: #","expirationTime":""#.utf8)
    VirtualTime.write(token.expirationTime, into: &out)
    out.append(contentsOf: "\"}".utf8)
  }

  private mutating func appendTime(_ time: Int64, to out: inout [UInt8]) {
    if time != cachedTime {
      cachedTimeBytes.removeAll(keepingCapacity: true)
      VirtualTime.write(time, into: &cachedTimeBytes)
      cachedTime = time
    }
    out.append(contentsOf: cachedTimeBytes)
  }

  static func appendStrings(_ values: [String], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    for (index, value) in values.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      JSONWriter.writeString(value, into: &out)
    }
    out.append(UInt8(ascii: "]"))
  }

  static func appendAttributes(_ attributes: [String: String], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "{"))
    for (index, key) in attributes.keys.sorted().enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      JSONWriter.writeString(key, into: &out)
      out.append(UInt8(ascii: ":"))
      JSONWriter.writeString(attributes[key] ?? "", into: &out)
    }
    out.append(UInt8(ascii: "}"))
  }

  static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
    guard value != 0 else {
      out.append(UInt8(ascii: "0"))
      return
    }
    if value < 0 { out.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      while magnitude > 0 {
        buffer[count] = UInt8(0x30 + magnitude % 10)
        magnitude /= 10
        count += 1
      }
      for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
    }
  }
}
