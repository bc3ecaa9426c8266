import Foundation
import IVSRules
import InputKit
import JSONKit
import TokenCore

/// Reads a scenario file into a `Scenario`, checking everything first: types,
/// unknown fields, SDK profiles, durations, participant references and keys.
/// The first mistake is reported with the file, its JSON path and the cause.
extension Scenario {
  /// The top-level fields a scenario may have.
  static let topLevelFields = [
    "description", "stage", "start", "keys", "composition", "participants", "steps", "notes",
    "recorded", "golden", "asOf",
  ]

  /// The largest scenario file read (a scenario at the service limits is well under 1 MB).
  public static let maximumFileBytes = 32 << 20

  /// Loads and validates the scenario file at `path` (`-` reads standard input). A file that
  /// cannot be read says why (no such file, permission denied, a directory, empty, too large,
  /// the first byte that is not UTF-8).
  ///
  /// `today` (the command's clock; the model has none) bounds `asOf`; nil leaves it unbounded
  /// (scenarios built by tests and benchmarks).
  public init(contentsOfFile path: String, today: ServiceDate? = nil) throws(ScenarioError) {
    let text: String
    let base: String
    do {
      if path == "-" {
        let bytes = try BoundedInput.standardInput(limit: Self.maximumFileBytes)
        text = try Self.utf8(bytes, path: path)
        base = FileManager.default.currentDirectoryPath
      } else {
        text = try BoundedInput.text(atPath: path, limit: Self.maximumFileBytes)
        base = PathName.folder(of: path)
      }
    } catch {
      throw ScenarioError(file: path, location: "", message: error.reason)
    }
    try self.init(parsing: text, file: path, baseDirectory: base, today: today)
  }

  private static func utf8(_ bytes: [UInt8], path: String) throws(InputFileError) -> String {
    guard !bytes.isEmpty else { throw InputFileError(path: path, problem: .empty) }
    do {
      return try UTF8Text.decode(bytes)
    } catch {
      throw InputFileError(path: path, problem: .notUTF8(error))
    }
  }

  /// Parses and validates scenario text; `file` names it in errors and
  /// `baseDirectory` resolves relative key paths; `today` bounds `asOf` (see
  /// `init(contentsOfFile:today:)`). A leading UTF-8 byte order mark (what some Windows editors
  /// write) is read past. Bad JSON is placed `FILE:LINE:COLUMN:` with its cause; a mistake
  /// inside a step is placed where that step starts.
  public init(
    parsing text: String, file: String, baseDirectory: String, today: ServiceDate? = nil
  ) throws(ScenarioError) {
    let (json, body) = try Self.parse(text, file: file)
    let bytes = Array(body.utf8)
    let positions = JSONParser.elementPositions(ofMember: "steps", in: bytes)
    let root: ScenarioObject
    do {
      root = try ScenarioNode(value: json, path: "", file: file)
        .object(allowed: Scenario.topLevelFields)
      var decoder = ScenarioDecoder(baseDirectory: baseDirectory)
      self = try decoder.decode(root)
    } catch {
      guard let number = error.stepNumber, number <= positions.count else { throw error }
      let start = positions[number - 1]
      throw error.placed(at: (start.line, start.column))
    }
    if let node = root.optional("asOf") {
      let position = JSONParser.valuePosition(ofMember: "asOf", in: bytes)
      asOf = try Self.decodeAsOf(node, at: position, today: today)
    }
    stepPositions = positions
  }

  /// The JSON of scenario text, read past a leading UTF-8 byte order mark, and the text it was
  /// read from; bad JSON is placed `FILE:LINE:COLUMN:` with its cause.
  static func parse(_ text: String, file: String) throws(ScenarioError) -> (JSON, String) {
    let body =
      text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    do {
      return (try JSONParser.parse(body), body)
    } catch {
      throw ScenarioError(
        file: file, location: "", message: "bad JSON: \(error.reason)",
        position: (error.line, error.column))
    }
  }

  /// `asOf`: a day as `YYYY-MM-DD`, not before IVS real-time streaming nor after `today`; a
  /// bad one is reported as `FILE:LINE:COLUMN: asOf: …`.
  static func decodeAsOf(
    _ node: ScenarioNode, at position: SourcePosition?, today: ServiceDate?
  ) throws(ScenarioError) -> ServiceDate {
    let place = position.map { (line: $0.line, column: $0.column) }
    guard case .string(let text) = node.value else {
      throw ScenarioError(
        file: node.file, location: "asOf",
        message: "expected a day as a string \"YYYY-MM-DD\", found \(node.value.typeName)",
        position: place)
    }
    do {
      return try RuleBook.ivs.date(parsing: text, today: today)
    } catch {
      throw ScenarioError(
        file: node.file, location: "asOf", message: error.description, position: place)
    }
  }
}

/// The stateful part of decoding: what has been declared so far, so later
/// parts (steps, exchange keys) can be checked against it.
struct ScenarioDecoder {
  let baseDirectory: String
  var participantIDs: [String] = []
  /// The same IDs, for checking a step's participant in constant time.
  var participantSet: Set<String> = []
  var keyARNs: [String] = []
  /// `main` (with a top-level composition) and every ID a `startComposition` step names.
  var compositionIDs: [String] = []
  /// The scenario's keys, so token descriptions that need minting can be checked.
  var keys: [ScenarioKey] = []

  init(baseDirectory: String) { self.baseDirectory = baseDirectory }

  /// Declares participants known from elsewhere (the monitor's stage) as decoding them would,
  /// so the list and the set that steps are checked against always agree.
  mutating func declare(participants ids: [String]) {
    participantIDs = ids
    participantSet = Set(ids)
  }

  mutating func decode(_ root: ScenarioObject) throws(ScenarioError) -> Scenario {
    let description = try root.optional("description").map(oneLineDescription)
    let stage = try root.optional("stage").map(decodeStage) ?? ScenarioStage()
    let start = try root.optional("start").map(decodeStart) ?? VirtualTime.defaultStart
    let keys = try root.optional("keys").map { node throws(ScenarioError) in try decodeKeys(node) }
    keyARNs = keys?.map(\.arn) ?? []
    self.keys = keys ?? []
    let composition = try root.optional("composition").map(decodeComposition)
    let participants = try decodeParticipants(root.required("participants"))
    compositionIDs = Self.compositionIDs(root, hasComposition: composition != nil)
    let steps = try root.optional("steps").map { node throws(ScenarioError) in
      let elements = try node.array()
      try ScenarioLimits.check(participants: 0, steps: elements.count, file: node.file)
      return try elements.map { step throws(ScenarioError) in try decodeStep(step) }
    }
    var scenario = Scenario(
      description: description, stage: stage, start: start, keys: keys ?? [],
      composition: composition, participants: participants, steps: steps ?? [])
    scenario.notes = try root.optional("notes").map(decodeNotes) ?? []
    if let recorded = root.optional("recorded") {
      guard case .array = recorded.value else {
        throw recorded.error(
          "expected an array of recorded IVS events, found \(recorded.value.typeName)")
      }
      scenario.recorded = recorded.value
    }
    scenario.golden = try root.optional("golden").map(decodeGolden)
    return scenario
  }

  /// A golden stream's path, relative to the scenario's folder unless absolute.
  private func decodeGolden(_ node: ScenarioNode) throws(ScenarioError) -> String {
    let path = try node.string()
    guard !path.isEmpty, !path.utf8.contains(0) else {
      throw node.error("expected the path of a JSONL golden stream, e.g. \"expected/name.jsonl\"")
    }
    return PathName.join(baseDirectory, path)
  }

  private func decodeNotes(_ node: ScenarioNode) throws(ScenarioError) -> [String] {
    try node.array().map { element throws(ScenarioError) in try element.string() }
  }

  private func oneLineDescription(_ node: ScenarioNode) throws(ScenarioError) -> String {
    let text = try node.string()
    guard !text.contains(where: \.isNewline) else {
      throw node.error("the description must be one line")
    }
    return text
  }

  private func decodeStage(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioStage {
    let object = try node.object(allowed: ["arn", "eventsUrl", "whipUrl"])
    var arn = ScenarioStage.defaultARN
    if let arnNode = object.optional("arn") {
      arn = try arnNode.string()
      guard ARN.isStage(arn) else {
        throw arnNode.error(
          "not a stage ARN; expected arn:aws:ivs:<region>:<12-digit account>:stage/<id>")
      }
    }
    return ScenarioStage(
      arn: arn, eventsURL: try object.optional("eventsUrl")?.string(),
      whipURL: try object.optional("whipUrl")?.string())
  }

  private func decodeStart(_ node: ScenarioNode) throws(ScenarioError) -> Int64 {
    let text = try node.string()
    guard let seconds = VirtualTime.parse(text) else {
      throw node.error("bad time \(Excerpt.quoted(text)); expected UTC like 2026-01-01T12:00:00Z")
    }
    return seconds
  }

  private func decodeKeys(_ node: ScenarioNode) throws(ScenarioError) -> [ScenarioKey] {
    var keys: [ScenarioKey] = []
    for element in try node.array() {
      let object = try element.object(allowed: ["arn", "privateKey", "publicKey"])
      let arnNode = try object.required("arn")
      let arn = try arnNode.string()
      guard ARN.isPublicKey(arn) else {
        throw arnNode.error(
          "not a public key ARN; expected arn:aws:ivs:<region>:<12-digit account>:public-key/<id>")
      }
      guard !keys.contains(where: { $0.arn == arn }) else {
        throw arnNode.error("duplicate key ARN \(Excerpt.quoted(arn))")
      }
      let half = try keyHalf(object, element)
      let path = try object.required(half.rawValue).string()
      let resolved = PathName.join(baseDirectory, path)
      keys.append(ScenarioKey(arn: arn, path: resolved, half: half))
    }
    let limit = RuleBook.ivs.latest.decide(.publicKeysPerRegion).outcome
    guard keys.count <= limit else {
      throw node.error("at most \(limit) keys (the IVS per-region limit, keys.per-region)")
    }
    return keys
  }

  /// `privateKey` or `publicKey`, exactly one.
  private func keyHalf(_ object: ScenarioObject, _ node: ScenarioNode) throws(ScenarioError)
    -> ScenarioKey.Half
  {
    switch (object.has("privateKey"), object.has("publicKey")) {
    case (true, false): return .privateKey
    case (false, true): return .publicKey
    case (true, true):
      throw node.error("give either \"privateKey\" or \"publicKey\", not both")
    case (false, false):
      throw node.error(
        "missing \"privateKey\" (PEM that signs) or \"publicKey\" (SPKI PEM that only verifies)")
    }
  }
}
