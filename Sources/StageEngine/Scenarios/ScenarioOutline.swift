import IVSRules
import InputKit
import JSONKit

/// A scenario file's assertions without the rest of it: what `stagemon test --list` shows. It
/// exists because listing ten thousand files must not cost ten thousand full loads: it reads
/// the JSON, the top level's fields, the participants' IDs and the `expect` steps (checked
/// whole, as a load checks them, so a name it lists is one a run reports), and leaves the
/// other steps, the participants' tokens and the composition to the run, where a mistake in
/// them is reported. A file that is not JSON, has an unknown top-level field or no
/// `participants` fails as `Scenario(contentsOfFile:)` fails, with the same placed message.
public struct ScenarioOutline: Sendable {
  /// The `expect` steps: each one's number in the file (from 1) and its name.
  public let assertions: [(step: Int, name: String)]

  /// Reads the file at `path` as `Scenario(contentsOfFile:today:)` reads it.
  public init(contentsOfFile path: String, today: ServiceDate? = nil) throws(ScenarioError) {
    let text: String
    do {
      text = try BoundedInput.text(atPath: path, limit: Scenario.maximumFileBytes)
    } catch {
      throw ScenarioError(file: path, location: "", message: error.reason)
    }
    let (json, body) = try Scenario.parse(text, file: path)
    let root = try ScenarioNode(value: json, path: "", file: path)
      .object(allowed: Scenario.topLevelFields)
    var decoder = ScenarioDecoder(baseDirectory: PathName.folder(of: path))
    let participants = try root.required("participants").array()
    decoder.declare(
      participants: try participants.map { node throws(ScenarioError) in
        try node.object(allowed: ScenarioDecoder.participantFields).required("id").string()
      })
    decoder.compositionIDs = ScenarioDecoder.compositionIDs(
      root, hasComposition: root.optional("composition") != nil)
    var assertions: [(step: Int, name: String)] = []
    for (index, node) in (try root.optional("steps")?.array() ?? []).enumerated()
    where node.value.objectValue?.contains(where: { $0.key == "expect" }) == true {
      do {
        guard case .expect(let expectation) = try decoder.decodeStep(node) else { continue }
        assertions.append((index + 1, expectation.name))
      } catch {
        let positions = JSONParser.elementPositions(ofMember: "steps", in: Array(body.utf8))
        guard index < positions.count else { throw error }
        throw error.placed(at: (positions[index].line, positions[index].column))
      }
    }
    // Checked unplaced first: finding where it is costs another pass, needed only to say so.
    if let node = root.optional("asOf"),
      (try? Scenario.decodeAsOf(node, at: nil, today: today)) == nil
    {
      let position = JSONParser.valuePosition(ofMember: "asOf", in: Array(body.utf8))
      _ = try Scenario.decodeAsOf(node, at: position, today: today)
    }
    self.assertions = assertions
  }
}
