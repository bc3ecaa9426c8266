import JSONKit

/// Reads the `message` of a runner `step` line, the label a diff region gets.
enum StepLabel {
  static func message(of line: String) -> String? {
    guard let json = try? JSONParser.parse(line) else { return nil }
    return json["message"]?.stringValue
  }
}
